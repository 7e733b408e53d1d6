import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { createToken, storeTokenHash } from '@planejador/db';
import { signUpTeacher, spawnWorker, startSmtpCapture, TestClient, type ManagedProcess, type SmtpCapture } from '@planejador/testing';
import { createApp } from '../src/bootstrap';

export interface ApiHarness {
  app: NestExpressApplication;
  url: string;
  orm: MikroORM;
  client(headers?: Record<string, string>): TestClient;
  close(): Promise<void>;
}

/** The real api on a random port, against the run's PostgreSQL and Redis (set up by global-setup). */
export async function startApi(env: Record<string, string> = {}): Promise<ApiHarness> {
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  const app = await createApp();
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  return {
    app,
    url,
    orm: app.get(MikroORM),
    client: (headers) => new TestClient(url, headers),
    close: () => app.close(),
  };
}

export interface MailStack {
  api: ApiHarness;
  worker: ManagedProcess;
  smtp: SmtpCapture;
  close(): Promise<void>;
}

/** An SMTP capture, the api and a worker with the same settings (SMTP_URL pointing at the capture). */
export async function startApiWithMail(env: Record<string, string> = {}): Promise<MailStack> {
  const smtp = await startSmtpCapture();
  const all = { SMTP_URL: smtp.url, ...env };
  const api = await startApi(all);
  const worker = await spawnWorker(all);
  return {
    api,
    worker,
    smtp,
    close: async () => {
      await worker.stop();
      await api.close();
      await smtp.close();
    },
  };
}

/**
 * Confirms a user's e-mail address through POST /api/auth/verify-email, with a token stored as the worker would
 * (hashed), for tests that run no worker or read no mail. Returns the answer.
 */
export async function confirmEmail(api: ApiHarness, client: TestClient, userId: string) {
  const token = randomBytes(32).toString('base64url');
  const em = api.orm.em.fork();
  const tokenId = await createToken(em, 'verify-email', userId, new Date(Date.now() + 24 * 3600 * 1000));
  await storeTokenHash(em, 'verify-email', tokenId, createHash('sha256').update(token).digest('hex'));
  const res = await client.post<{ message: string }>('/api/auth/verify-email', { token });
  if (res.status !== 200) throw new Error(`e-mail confirmation failed: ${res.status} ${res.text}`);
  return res;
}

/** Registers a user named by ADMIN_EMAILS and confirms the address (admin from then on, in this session too). */
export async function signUpAdmin(api: ApiHarness, email: string) {
  const signed = await signUpTeacher(api, { email });
  await confirmEmail(api, signed.client, signed.user.id);
  return signed;
}
