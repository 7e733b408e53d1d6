import type { NestExpressApplication } from '@nestjs/platform-express';
import { MikroORM } from '@mikro-orm/postgresql';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { spawnWorker, startSmtpCapture, TestClient, type ManagedProcess, type SmtpCapture } from '@planejador/testing';
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

let counter = 0;
/** A unique, valid e-mail for a test user. */
export function uniqueEmail(tag = 'prof'): string {
  counter += 1;
  return `${tag}.${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}@escola.rs.gov.br`;
}

export const PASSWORD = 'senha-segura-123';

/** Registers a user (signed in on the returned client). */
export async function signUp(api: ApiHarness, overrides: Record<string, unknown> = {}) {
  const client = api.client();
  const email = (overrides.email as string) ?? uniqueEmail();
  const res = await client.post<{ id: string; email: string; credits: number; role: string; emailVerificado: boolean }>('/api/register', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: 'Ana',
    lastName: 'Souza',
    ...overrides,
  });
  if (res.status !== 201) throw new Error(`sign up failed: ${res.status} ${res.text}`);
  return { client, user: res.body, email };
}

/**
 * Confirms a user's e-mail address through POST /api/auth/verify-email, with a token stored as the worker would
 * (hashed), for tests that run no worker or read no mail. Returns the answer.
 */
export async function confirmEmail(api: ApiHarness, client: TestClient, userId: string) {
  const token = randomBytes(32).toString('base64url');
  await api.orm.em.fork().getConnection().execute(
    `insert into email_verification_tokens (id, user_id, token_hash, expires_at) values (?, ?, ?, now() + interval '1 day')`,
    [randomUUID(), userId, createHash('sha256').update(token).digest('hex')],
  );
  const res = await client.post<{ message: string }>('/api/auth/verify-email', { token });
  if (res.status !== 200) throw new Error(`e-mail confirmation failed: ${res.status} ${res.text}`);
  return res;
}

/** Registers a user named by ADMIN_EMAILS and confirms the address (admin from then on, in this session too). */
export async function signUpAdmin(api: ApiHarness, email: string) {
  const signed = await signUp(api, { email });
  await confirmEmail(api, signed.client, signed.user.id);
  return signed;
}

export const turmaInput = (overrides: Record<string, unknown> = {}) => ({
  nomeProfessor: 'Ana Souza',
  numero: '51',
  escola: 'EEEF Tiradentes',
  ano: '5',
  estado: 'RS',
  instituicao: 'SEDUC-RS_2025',
  observacoesAdicionais: 'Turma participativa, gosta de jogos.',
  ...overrides,
});
