import { createHash, randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { userRoom } from '@planejador/contracts';
import { UsersRepository } from '@planejador/db';
import { PASSWORD, signUpTeacher, TestClient, waitFor } from '@planejador/testing';
import { ProgressGateway } from '../src/realtime/progress.gateway';
import { startApi, type ApiHarness } from './api-harness';

/**
 * Two api processes' worth of apps (one Redis adapter between them): a socket is authenticated once, at its
 * handshake, so the end of a session must close its sockets wherever they are held; the end of one session must
 * not close the sockets of the user's other sessions (devices).
 */
describe("sockets end with their session: one session's at logout, all of the user's at a password reset", () => {
  let a: ApiHarness;
  let b: ApiHarness;
  const opened: Socket[] = [];

  beforeAll(async () => {
    [a, b] = [await startApi(), await startApi()];
  });
  afterAll(async () => {
    for (const socket of opened) socket.disconnect();
    await a?.close();
    await b?.close();
  });

  /** A live socket to `api` with the browser's cookie; `reasons` collects why the server closed it. */
  async function connect(api: ApiHarness, client: TestClient) {
    const socket = io(api.url, { transports: ['websocket'], extraHeaders: { cookie: client.cookieHeader }, reconnection: false });
    opened.push(socket);
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return { socket, reasons, id: socket.id! };
  }
  type Live = Awaited<ReturnType<typeof connect>>;

  /** The ids of the sockets in the user's room, on both apps (asked through the Redis adapter from A). */
  async function socketsOf(userId: string): Promise<string[]> {
    const sockets = await a.app.get(ProgressGateway).server.in(userRoom(userId)).fetchSockets();
    return sockets.map((s) => s.id).sort();
  }

  /** A teacher signed in twice (two browsers: the first through A, the second through B), with a socket to each app. */
  async function teacherOnTwoDevices() {
    const first = await signUpTeacher(a);
    const second = new TestClient(b.url);
    expect((await second.post('/api/login', { email: first.email, password: PASSWORD })).status).toBe(200);
    const devices = {
      first: [await connect(a, first.client), await connect(b, first.client)],
      second: [await connect(a, second), await connect(b, second)],
    };
    expect(await socketsOf(first.user.id)).toEqual([...devices.first, ...devices.second].map((s) => s.id).sort());
    return { ...first, second, devices };
  }

  const closedByServer = (sockets: Live[]) => sockets.every((s) => !s.socket.connected && s.reasons.includes('io server disconnect'));

  it("a logout closes that session's sockets on every api process, and leaves the user's other devices live", async () => {
    const teacher = await teacherOnTwoDevices();
    const bystander = await connect(b, (await signUpTeacher(b)).client);

    expect((await teacher.client.post('/api/logout')).status).toBe(204);
    await waitFor(() => closedByServer(teacher.devices.first), { what: "the session's sockets to close", timeoutMs: 5000 });
    // Asked after the disconnect went out, through the same Redis channel: what is left in the room is what stays.
    expect(await socketsOf(teacher.user.id)).toEqual(teacher.devices.second.map((s) => s.id).sort());
    for (const s of [...teacher.devices.second, bystander]) expect(s.socket.connected).toBe(true);
    // The other device is still signed in.
    expect((await teacher.second.get('/api/auth/user')).status).toBe(200);
  });

  it("a password reset closes all of the user's sockets, on every api process, and no one else's", async () => {
    const teacher = await teacherOnTwoDevices();
    const bystander = await connect(a, (await signUpTeacher(a)).client);
    const token = randomBytes(32).toString('base64url');
    const users = a.app.get(UsersRepository);
    const tokenId = await users.createToken('password-reset', teacher.user.id, new Date(Date.now() + 3600 * 1000));
    await users.storeTokenHash('password-reset', tokenId, createHash('sha256').update(token).digest('hex'));

    const reset = await new TestClient(b.url).post('/api/auth/reset-password', { token, newPassword: 'nova-senha-456' });
    expect(reset.status).toBe(200);
    const all = [...teacher.devices.first, ...teacher.devices.second];
    await waitFor(() => closedByServer(all), { what: "the user's sockets to close at the reset", timeoutMs: 5000 });
    expect(await socketsOf(teacher.user.id)).toEqual([]);
    expect(bystander.socket.connected).toBe(true);
    // A new socket needs a new sign-in: the old sessions are gone.
    expect((await teacher.second.get('/api/auth/user')).status).toBe(401);
  });

  it('signing in again on a browser replaces its session: the old session\'s sockets close, the new one connects', async () => {
    const teacher = await teacherOnTwoDevices();
    const before = teacher.client.sessionId();
    expect((await teacher.client.post('/api/login', { email: teacher.email, password: PASSWORD })).status).toBe(200);
    expect(teacher.client.sessionId()).not.toBe(before);
    await waitFor(() => closedByServer(teacher.devices.first), { what: "the replaced session's sockets to close", timeoutMs: 5000 });
    const again = await connect(b, teacher.client);
    expect(await socketsOf(teacher.user.id)).toEqual([...teacher.devices.second.map((s) => s.id), again.id].sort());
  });
});
