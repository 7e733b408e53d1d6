// Shared by bench/api, bench/generation and bench/web: a database of the benchmark's own, a Redis key prefix,
// the BUILT api and worker as child processes, users with session cookies, CPU readings from /proc.
// Everything listens on 127.0.0.1 and is removed again by `stack.stop()` (also on Ctrl-C).
'use strict';
const { execFileSync, spawn } = require('node:child_process');
const { existsSync, readFileSync, readdirSync } = require('node:fs');
const { resolve } = require('node:path');
const { randomBytes } = require('node:crypto');

const ROOT = resolve(__dirname, '../..');
const PG_BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CURRICULUM_DIR = process.env.CURRICULUM_DIR ?? resolve(ROOT, 'libs/curriculum/data');

function requireBuilt(relative) {
  const file = resolve(ROOT, relative);
  const built = () => existsSync(resolve(file, 'index.js')) || existsSync(file);
  if (!built() && relative.startsWith('libs/testing')) {
    // `npm run build` leaves libs/testing out (the tests run it from source): the benchmarks build it themselves.
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [ROOT] }), '-b', resolve(ROOT, 'libs/testing')], { stdio: 'inherit' });
  }
  if (!built()) throw new Error(`${relative} is not built: run \`npm run build\` first`);
  return require(file);
}

const db = () => requireBuilt('libs/db/dist');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A child node process whose output is kept (last lines) for error messages. */
function spawnBuilt(entry, env, nodeArgs = []) {
  const file = resolve(ROOT, entry);
  if (!existsSync(file)) throw new Error(`${entry} is not built: run \`npm run build\` first`);
  const proc = spawn(process.execPath, [...nodeArgs, file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const keep = (chunk) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) output.push(line);
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  proc.stdout.on('data', keep);
  proc.stderr.on('data', keep);
  // BENCH_OUTPUT_DIR=dir: each child's whole output also goes to dir/<entry>-<pid>.log (e.g. with --trace-gc).
  if (process.env.BENCH_OUTPUT_DIR) {
    const log = require('node:fs').createWriteStream(resolve(process.env.BENCH_OUTPUT_DIR, `${entry.split('/')[0]}-${proc.pid}.log`));
    proc.stdout.pipe(log);
    proc.stderr.pipe(log);
  }
  const exited = new Promise((r) => proc.once('exit', r));
  return {
    proc,
    output,
    pid: proc.pid,
    alive: () => proc.exitCode === null && proc.signalCode === null,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function waitFor(what, check, children, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = children.find((c) => !c.alive());
    if (dead) throw new Error(`${what} exited:\n${dead.output.slice(-30).join('\n')}`);
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} not ready in ${timeoutMs} ms:\n${children.map((c) => c.output.slice(-20).join('\n')).join('\n')}`);
}

/** CPU seconds (user + system) used so far by a process, from /proc/<pid>/stat. */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime in clock ticks (USER_HZ = 100), plus the live children's (API_PROCESSES > 1 forks them).
    return (Number(fields[11]) + Number(fields[12])) / 100 + childPids(pid).reduce((sum, child) => sum + processCpuSeconds(child), 0);
  } catch {
    return 0;
  }
}

function childPids(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** Steal: the share of the run the hypervisor gave this machine's vCPUs to someone else (from /proc/stat). */
function stealSeconds() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (line[7] ?? 0) / 100;
}

/** Busy and total CPU seconds of the whole machine, from /proc/stat. */
function machineCpuSeconds() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = line[3] + (line[4] ?? 0);
  const total = line.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100 };
}

/**
 * CPU seconds of the PostgreSQL backends serving `database` (their command line names it). Backends that end
 * take their CPU with them, so read this while the clients are still connected.
 */
function postgresCpuSeconds(database) {
  let sum = 0;
  for (const entry of require('node:fs').readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${database} `)) continue;
      sum += processCpuSeconds(entry);
    } catch {
      // the process ended while we looked
    }
  }
  return sum;
}

/**
 * Starts the benchmark's environment: a fresh database (migrated, curriculum imported), a Redis prefix, and
 * helpers to spawn the built api and workers on them. `stop()` ends the children, drops the database and
 * deletes the prefix's keys.
 */
async function startBenchStack(name) {
  const runId = `bench_${name}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const databaseUrl = `${PG_BASE.replace(/\/$/, '')}/${runId}`;
  const { ensureDatabase, migrate } = db();
  await ensureDatabase(databaseUrl);
  const children = [];
  const extras = [];
  let stopped = false;
  let workerCount = 0;

  const stack = {
    runId,
    databaseUrl,
    redisUrl: REDIS_URL,
    prefix: runId,
    children,
    /** Environment every spawned process gets. */
    env(extra = {}) {
      return {
        NODE_ENV: 'development', // as `npm start` runs it: the session cookie is not Secure over plain http
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        QUEUE_PREFIX: runId,
        SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
        LOG_LEVEL: 'warn',
        CURRICULUM_DIR,
        OPENAI_API_KEY: '',
        OPENAI_BASE_URL: '',
        SMTP_URL: '',
        ...extra,
      };
    },
    /** `nodeArgs`: e.g. ['--cpu-prof'] to look at where the api spends its time. */
    async startApi(extra = {}, nodeArgs = []) {
      const port = await requireBuilt('libs/testing/dist').freePort();
      const url = `http://127.0.0.1:${port}`;
      // BENCH_API_ENTRY=path: another build of the api (e.g. a copy of api/dist made at an earlier commit, kept
      // under api/ so it finds the same node_modules), to compare two versions in the same conditions.
      const entry = process.env.BENCH_API_ENTRY ?? 'api/dist/main.js';
      const child = spawnBuilt(entry, stack.env({ PORT: String(port), HOST: '127.0.0.1', APP_URL: url, ...extra }), nodeArgs);
      children.push(child);
      await waitFor('api', async () => (await fetch(`${url}/api/health`)).ok, [child]);
      return { ...child, url };
    },
    /**
     * bench/api/reference-server.js (bare Express + pg running the api's own statements) on a port of its own;
     * `extra`: its REF_* settings (see its head).
     */
    async startReference(extra = {}) {
      const port = await requireBuilt('libs/testing/dist').freePort();
      const url = `http://127.0.0.1:${port}`;
      const child = spawnBuilt('bench/api/reference-server.js', stack.env({ PORT: String(port), ...extra }));
      children.push(child);
      await waitFor('reference server', async () => (await fetch(`${url}/health`)).ok, [child]);
      return { ...child, url };
    },
    /** Starts `count` worker processes and waits until each has a BullMQ worker on the generation queue. */
    async startWorkers(count, extra = {}, nodeArgs = []) {
      const started = [];
      for (let i = 0; i < count; i++) {
        const child = spawnBuilt('worker/dist/main.js', stack.env(extra), nodeArgs);
        children.push(child);
        started.push(child);
      }
      const { Queue } = require(require.resolve('bullmq', { paths: [resolve(ROOT, 'worker')] }));
      const { QUEUES } = requireBuilt('libs/queue/dist');
      const queue = new Queue(QUEUES.generation, { connection: { url: REDIS_URL }, prefix: runId });
      workerCount += count;
      try {
        await waitFor(
          `${count} workers`,
          async () => (await queue.getWorkersCount()) >= workerCount,
          started,
        );
      } finally {
        await queue.close();
      }
      return started;
    },
    /** Stops workers started by startWorkers (SIGTERM: they finish or hand back their jobs). */
    async stopWorkers(workers) {
      for (const w of workers) {
        await w.stop();
        children.splice(children.indexOf(w), 1);
        workerCount -= 1;
      }
    },
    /** Something else to close on stop (a fake AI server, a browser). */
    onStop(close) {
      extras.push(close);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const c of children.slice().reverse()) await c.stop().catch(() => undefined);
      for (const close of extras.reverse()) await Promise.resolve().then(close).catch(() => undefined);
      await db().dropDatabase(databaseUrl).catch((e) => console.error('drop database:', e.message));
      const { deleteRedisPrefix } = requireBuilt('libs/testing/dist');
      await deleteRedisPrefix(REDIS_URL, runId).catch((e) => console.error('redis cleanup:', e.message));
    },
  };

  const onSignal = () => {
    stack.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await migrate(databaseUrl);
    const { importCurriculum } = requireBuilt('libs/curriculum/dist');
    await importCurriculum(databaseUrl, CURRICULUM_DIR);
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/** Registers a teacher through the api and returns the session cookie ('name=value'). */
async function registerUser(apiUrl, email, password = 'senha-bench-123') {
  const res = await fetch(`${apiUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, confirmPassword: password, firstName: 'Bench', lastName: 'Mark' }),
  });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  const user = await res.json();
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith('planejador.sid='));
  if (!cookie) throw new Error('register: no session cookie');
  return { user, cookie, email, password };
}

/** Calls the api as the user; JSON in and out, throws on an unexpected status. */
async function api(apiUrl, cookie, method, path, body, expected = [200, 201, 202, 204]) {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** Runs tasks with at most `limit` at once. */
async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  });
  await Promise.all(runners);
  return results;
}

/** A pg client on the benchmark database (for seeding and checks). */
async function sqlClient(databaseUrl) {
  const { Client } = require(require.resolve('pg', { paths: [resolve(ROOT, 'libs/db')] }));
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

function machineInfo() {
  const os = require('node:os');
  const cpus = os.cpus();
  return `Node ${process.version}, ${cpus.length} vCPU ${cpus[0]?.model.trim() ?? ''}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM`;
}

/** The machine's 1, 5 and 15 minute load averages: other sessions' work shows here. */
const loadAverage = () => require('node:os').loadavg().map((l) => l.toFixed(1)).join(' ');

const fmt = (n, digits = 0) => Number(n).toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

module.exports = {
  ROOT,
  startBenchStack,
  registerUser,
  api,
  pool,
  sqlClient,
  sleep,
  processCpuSeconds,
  machineCpuSeconds,
  stealSeconds,
  postgresCpuSeconds,
  machineInfo,
  loadAverage,
  requireBuilt,
  fmt,
};
