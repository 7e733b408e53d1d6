import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { MSG, type PublicUser } from '@planejador/contracts';
import { JobProducer, QUEUES, type QueueName } from '@planejador/queue';
import { SessionUsers } from '../auth/session-users';
import { JOB_PRODUCER } from '../core/tokens';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** bull-board over every queue, behind the admin check (401 signed out, 403 for a teacher). */
export function mountQueueDashboard(app: NestExpressApplication): void {
  const producer = app.get<JobProducer>(JOB_PRODUCER);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    // Retrying a completed job would run it twice: only failed ones may be retried.
    queues: producer.allQueues().map((q) => new BullMQAdapter(q, { allowRetries: true })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Planejador' } },
  });
  const sessionUsers = app.get(SessionUsers);
  // By the role PostgreSQL has now (see SessionUsers).
  const adminOnly = async (req: Request, res: Response, next: NextFunction) => {
    let user: PublicUser | null;
    try {
      user = await sessionUsers.current(req);
    } catch (err) {
      return next(err);
    }
    if (!user) {
      if (req.accepts('html') && req.method === 'GET') return res.redirect('/auth');
      return res.status(401).json({ message: MSG.unauthorized });
    }
    if (user.role !== 'admin') {
      // A teacher's browser gets a page in Portuguese with a way back, not raw JSON.
      if (req.accepts(['json', 'html']) === 'html' && req.method === 'GET') return res.status(403).type('html').send(FORBIDDEN_PAGE);
      return res.status(403).json({ message: MSG.forbidden });
    }
    next();
  };
  app.use(QUEUE_DASHBOARD_PATH, adminOnly, readOnlyExceptFailedRetries(producer), withoutExternalLinks, serverAdapter.getRouter());
}

/** A <link> to another site (bull-board's page asks Google Fonts for its typeface's stylesheet). */
const EXTERNAL_LINK = /<link\b[^>]*\bhref="https?:\/\/[^"]*"[^>]*>\s*/gi;

/**
 * bull-board's page loads its typeface from Google Fonts, which the site's CSP (style-src 'self') refuses: the
 * browser logs a violation on every visit. Its own assets all come from this server, so the page is sent without
 * links to other sites and shows in the system's sans-serif (nothing leaves for a third party either). Only HTML
 * answers are touched; the dashboard's JSON passes as it is.
 */
export function withoutExternalLinks(_req: Request, res: Response, next: NextFunction): void {
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    const type = res.get('Content-Type');
    const html = typeof body === 'string' && (type === undefined ? /^\s*<!doctype html/i.test(body) : /html/i.test(type));
    return send(html ? (body as string).replace(EXTERNAL_LINK, '') : body);
  };
  next();
}

/** What a teacher's browser sees at /admin/queues: plain, readable in both themes (no styles of its own). */
const FORBIDDEN_PAGE = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Acesso restrito — Planejador</title>
</head>
<body>
<main>
<h1>Acesso restrito</h1>
<p>${MSG.forbidden} A fila de tarefas mostra os trabalhos de todos os professores e só pode ser aberta por quem administra o Planejador.</p>
<p><a href="/dashboard">Voltar ao Dashboard</a></p>
</main>
</body>
</html>`;

const QUEUE_NAMES = new Set<string>(Object.values(QUEUES));
const RETRY_ALL_FAILED = /^\/api\/queues\/([^/]+)\/retry\/failed$/;
const RETRY_ONE = /^\/api\/queues\/([^/]+)\/([^/]+)\/retry$/;

/**
 * The dashboard is read-only except retrying failed jobs (bull-board's readOnlyMode would forbid retries too):
 * reads pass; retrying all failed jobs of a queue, or one job that is failed, passes; adding, promoting,
 * cleaning, pausing, emptying, editing and any retry of a completed job answer 403.
 */
export function readOnlyExceptFailedRetries(producer: JobProducer) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const forbid = () => res.status(403).json({ message: MSG.queueDashboardReadOnly });
    if (req.method !== 'PUT') return forbid();
    const all = RETRY_ALL_FAILED.exec(req.path);
    if (all && QUEUE_NAMES.has(decodeURIComponent(all[1]))) return next();
    const one = RETRY_ONE.exec(req.path);
    const queueName = one ? decodeURIComponent(one[1]) : '';
    if (!one || !QUEUE_NAMES.has(queueName)) return forbid();
    producer
      .queue(queueName as QueueName)
      .getJobState(decodeURIComponent(one[2]))
      .then((state) => (state === 'failed' ? next() : forbid()), next);
  };
}
