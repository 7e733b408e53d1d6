import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { MSG, type PublicUser } from '@planejador/contracts';
import { JobProducer } from '@planejador/queue';
import { JOB_PRODUCER } from '../core/tokens';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/** bull-board over every queue, behind the admin check (401 signed out, 403 for a teacher). */
export function mountQueueDashboard(app: NestExpressApplication): void {
  const producer = app.get<JobProducer>(JOB_PRODUCER);
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: producer.allQueues().map((q) => new BullMQAdapter(q)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Planejador' } },
  });
  const adminOnly = (req: Request, res: Response, next: NextFunction) => {
    const user = req.user as PublicUser | undefined;
    if (!req.isAuthenticated?.() || !user) {
      if (req.accepts('html') && req.method === 'GET') return res.redirect('/auth');
      return res.status(401).json({ message: MSG.unauthorized });
    }
    if (user.role !== 'admin') return res.status(403).json({ message: MSG.forbidden });
    next();
  };
  app.use(QUEUE_DASHBOARD_PATH, adminOnly, serverAdapter.getRouter());
}
