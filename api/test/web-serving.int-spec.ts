import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@planejador/contracts';
import { startSharedStack, type TestStack } from '@planejador/testing';

const dist = join(__dirname, '..', '..', 'web', 'dist');

describe('the api serves the built web app', () => {
  let api: TestStack;
  beforeAll(async () => {
    if (!existsSync(join(dist, 'index.html'))) throw new Error('web/dist is not built: run `npm run build` first');
    api = await startSharedStack({ ai: 'offline' });
  });
  afterAll(() => api?.close());

  it('answers index.html for client routes and the hashed assets, compressed', async () => {
    const c = api.client();
    for (const path of ['/', '/dashboard', '/plano/123', '/admin/email-sender']) {
      const page = await c.get<string>(path, { accept: 'text/html' });
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.text).toContain('<div id="root">');
    }
    const index = await c.get<string>('/', { accept: 'text/html' });
    // The scripts index.html names (the entry and its preloads); the largest one, as tiny files are sent as they are.
    const scripts = [...index.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = await Promise.all(scripts.map(async (path) => ({ path, size: (await (await fetch(`${api.url}${path}`)).arrayBuffer()).byteLength })));
    const script = sizes.sort((x, y) => y.size - x.size)[0].path;
    const asset = await fetch(`${api.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await fetch(`${api.url}/assets/nao-existe.js`);
    expect(missing.status).toBe(404);
  });

  it('answers the app to any client, whatever its Accept (curl sends */*), and 404 for a missing file', async () => {
    for (const accept of ['*/*', 'application/json', '']) {
      const res = await fetch(`${api.url}/gerar-planos`, { headers: accept ? { accept } : {} });
      expect([accept, res.status]).toEqual([accept, 200]);
      expect(await res.text()).toContain('<div id="root">');
    }
    expect((await fetch(`${api.url}/nao-existe.png`)).status).toBe(404);
    const api404 = await fetch(`${api.url}/api/nao-existe`, { headers: { accept: '*/*' } });
    expect(api404.status).toBe(404);
    expect(api404.headers.get('content-type')).toMatch(/json/);
  });

  it('revalidates the page: an unchanged index.html answers 304 to its ETag', async () => {
    const first = await api.client().get<string>('/historico', { accept: 'text/html' });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    // As a browser revalidates (fetch in Node would otherwise add 'Cache-Control: no-cache' to a conditional request).
    const again = await api.client().get<string>('/dashboard', { accept: 'text/html', 'if-none-match': etag!, 'cache-control': 'max-age=0' });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await api.client().get<string>('/dashboard', { accept: 'text/html', 'if-none-match': '"outra-versao"', 'cache-control': 'max-age=0' });
    expect(other.status).toBe(200);
    expect(other.text).toContain('<div id="root">');
  });

  it('keeps API paths as JSON, without ETags (answers are per user and not cached)', async () => {
    const res = await api.client().get<{ message: string }>('/api/nao-existe', { accept: 'text/html' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.notFound);
    const health = await api.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('etag')).toBeNull();
  });

  it('answers JSON for /api itself and every path under it, in any case; other paths stay the app', async () => {
    const c = api.client();
    for (const path of ['/api', '/api?x=1', '/api/', '/API', '/Api/nao-existe']) {
      for (const accept of ['text/html', '*/*']) {
        const res = await c.get<{ message: string }>(path, { accept });
        expect([path, accept, res.status]).toEqual([path, accept, 404]);
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
        expect(res.body.message).toBe(MSG.notFound);
      }
      const head = await fetch(`${api.url}${path}`, { method: 'HEAD', headers: { accept: 'text/html' } });
      expect([path, head.status, head.headers.get('content-type')]).toEqual([path, 404, expect.stringMatching(/application\/json/)]);
    }
    // Routes are case-insensitive: the API answers them, not the app.
    expect((await c.get('/API/health')).status).toBe(200);
    for (const path of ['/apis', '/api-docs', '/apiario/turmas']) {
      const page = await c.get<string>(path, { accept: 'text/html' });
      expect([path, page.status]).toEqual([path, 200]);
      expect(page.text).toContain('<div id="root">');
    }
  });
});
