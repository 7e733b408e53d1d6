import type { PublicUser } from '@planejador/contracts';
import { answerFetch } from '@/test/render';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { closeSocket, getSocket, SERVER_DISCONNECT_RETRY_MS } from './socket';

/**
 * socket.io-client's side of the wire, the socket's network boundary: the socket the server holds, which the test
 * closes as the server would (socket.io does not reconnect by itself after 'io server disconnect').
 */
class WireSocket {
  connected = false;
  active = true;
  connects = 0;
  private readonly handlers = new Map<string, ((...args: unknown[]) => void)[]>();

  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    return this;
  }
  private fire(event: string, ...args: unknown[]) {
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
  /** The server accepted the handshake. */
  accept() {
    this.active = true;
    this.connected = true;
    this.fire('connect');
  }
  /** The server closed it ('io server disconnect') or the connection was lost ('transport close'). */
  drop(reason: 'io server disconnect' | 'transport close') {
    this.connected = false;
    this.active = reason !== 'io server disconnect';
    this.fire('disconnect', reason);
  }
  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }
  disconnect() {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }
}

const wires: WireSocket[] = [];
jest.mock('socket.io-client', () => ({
  io: () => {
    const wire = new WireSocket();
    wires.push(wire);
    return wire;
  },
}));

const user = { id: 'user-1', email: 'ana@example.com', firstName: 'Ana' } as PublicUser;

describe('the tab\'s socket after the server closes it', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    wires.length = 0;
    queryClient.setQueryData(queryKeys.currentUser, user);
  });
  afterEach(() => {
    closeSocket();
    queryClient.clear();
    jest.useRealTimers();
  });

  /** The tab's socket, connected; `answer` is what GET /api/auth/user says from then on. */
  function connected(answer: () => { status: number; body?: unknown }) {
    const calls = answerFetch(() => answer());
    getSocket();
    const wire = wires[0];
    wire.accept();
    return { wire, calls };
  }

  it('connects again when the session is still valid (the same user is signed in)', async () => {
    const { wire, calls } = connected(() => ({ status: 200, body: user }));
    wire.drop('io server disconnect');
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[0]);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/auth/user']);
    expect(wire.connects).toBe(1);
    expect(getSocket()).toBe(wire);
  });

  it('stays closed when the session ended (401), and the next use opens a new one', async () => {
    const { wire, calls } = connected(() => ({ status: 401, body: { message: 'Não autorizado' } }));
    wire.drop('io server disconnect');
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[0]);
    expect(calls).toHaveLength(1);
    expect(wire.connects).toBe(0);
    expect(queryClient.getQueryData(queryKeys.currentUser)).toBeNull();
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS.at(-1)! * 2);
    expect(calls).toHaveLength(1);
    expect(wire.connects).toBe(0);
    expect(getSocket()).not.toBe(wire);
  });

  it('does not connect a socket opened for another user', async () => {
    const { wire } = connected(() => ({ status: 200, body: { ...user, id: 'user-2' } }));
    wire.drop('io server disconnect');
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[0]);
    expect(wire.connects).toBe(0);
    // The watcher dropped it: the next use opens one for the user now signed in.
    expect(getSocket()).not.toBe(wire);
    expect(wires).toHaveLength(2);
  });

  it('leaves a lost connection to socket.io (it reconnects by itself) and backs off when the server keeps closing it', async () => {
    const { wire, calls } = connected(() => ({ status: 200, body: user }));
    wire.drop('transport close');
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS.at(-1)!);
    expect(calls).toHaveLength(0);
    expect(wire.connects).toBe(0);

    wire.accept();
    wire.drop('io server disconnect');
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[0]);
    expect(wire.connects).toBe(1);
    wire.accept();
    wire.drop('io server disconnect');
    // The second time it waits longer.
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[0]);
    expect(wire.connects).toBe(1);
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[1] - SERVER_DISCONNECT_RETRY_MS[0]);
    expect(wire.connects).toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('asks again later when the api does not answer', async () => {
    let down = true;
    const { wire, calls } = connected(() => (down ? { status: 503 } : { status: 200, body: user }));
    wire.drop('io server disconnect');
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[0]);
    expect(calls).toHaveLength(1);
    expect(wire.connects).toBe(0);
    down = false;
    await jest.advanceTimersByTimeAsync(SERVER_DISCONNECT_RETRY_MS[1]);
    expect(calls).toHaveLength(2);
    expect(wire.connects).toBe(1);
  });
});
