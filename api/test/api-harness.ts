import type { NestExpressApplication } from '@nestjs/platform-express';
import { createHash, randomBytes } from 'node:crypto';
import type { PublicUser } from '@planejador/contracts';
import { UsersRepository, type Database, type TokenKind } from '@planejador/db';
import { PASSWORD, signUpTeacher, TestClient, type Teacher, openTestOrm, type TestOrm } from '@planejador/testing';
import { createApp } from '../src/bootstrap';

/** What the tests need of a running api, in process or shared (TestStack): its URL, cookie clients and the rows. */
export interface TestApi {
  url: string;
  orm: TestOrm;
  client(headers?: Record<string, string>): TestClient;
  /** A libs/db repository on the api's database. */
  repository<R>(type: new (db: Database) => R): R;
}

export interface ApiHarness extends TestApi {
  app: NestExpressApplication;
  close(): Promise<void>;
}

/**
 * The real api in this test process on a random port, against the file's own database (for tests that look inside
 * it: its HTTP server, its providers). Most files use the jest worker's shared stack instead (startSharedStack).
 */
export async function startApi(env: Record<string, string> = {}): Promise<ApiHarness> {
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  let app: NestExpressApplication;
  try {
    app = await createApp();
  } finally {
    // Restored even when the api refuses to start.
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  // The test's own connection to the api's database, to arrange and inspect rows (the api keeps its own in libs/db).
  const orm = await openTestOrm();
  return {
    app,
    url,
    orm,
    client: (headers) => new TestClient(url, headers),
    repository: (type) => app.get(type),
    close: async () => {
      await app.close();
      await orm.close(true);
    },
  };
}

/**
 * A one-time token of the user stored as the worker stores it (only its hash), for tests that run no worker or
 * read no mail: what the e-mailed link would carry.
 */
export async function storedToken(api: TestApi, kind: TokenKind, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const users = api.repository(UsersRepository);
  const tokenId = await users.createToken(kind, userId, new Date(Date.now() + 3600 * 1000));
  await users.storeTokenHash(kind, tokenId, createHash('sha256').update(token).digest('hex'));
  return token;
}

/**
 * An admin named by ADMIN_EMAILS, made the only way the product allows: registered, then its password set through
 * the reset flow (POST /api/auth/reset-password with the mailed token, see storedToken), which ends the sign-up's
 * session, then signed in again on a new client.
 */
export async function signUpAdmin(api: TestApi, email: string): Promise<Teacher> {
  const { user } = await signUpTeacher(api, { email });
  const reset = await api.client().post('/api/auth/reset-password', { token: await storedToken(api, 'password-reset', user.id), newPassword: PASSWORD });
  if (reset.status !== 200) throw new Error(`password reset failed: ${reset.status} ${reset.text}`);
  const client = api.client();
  const login = await client.post<PublicUser>('/api/login', { email, password: PASSWORD });
  if (login.status !== 200 || login.body.role !== 'admin') throw new Error(`sign-in as admin failed: ${login.status} ${login.text}`);
  return { client, user: login.body, email };
}
