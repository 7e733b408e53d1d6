import { createServer, type Server } from 'node:net';
import { choosePort } from './ports';

describe('choosePort', () => {
  let held: Server;
  let port: number;
  beforeAll(async () => {
    held = createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    port = (held.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => held.close(() => resolve())));

  it('moves to the next free port when the preferred one is taken (npm start)', async () => {
    const chosen = await choosePort(port);
    expect(chosen).toBeGreaterThan(port);
  });

  it('with exact, says the port is taken instead of starting a server where its clients never look', async () => {
    await expect(choosePort(port, true)).rejects.toThrow(`A porta ${port} está ocupada`);
  });

  it('with exact, takes a free port as it is', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    await expect(choosePort(free, true)).resolves.toBe(free);
  });
});
