// CPU per request of two builds of the api, paired (issue 19): on a machine whose load from others varies by
// ±30% between two runs, the absolute figures say little, but two builds measured side by side under the same
// load do. `after` = the built api (api/dist/main.js), `before` = BENCH_API_ENTRY (a copy of an earlier build
// kept under api/, e.g. api/bench-before/dist/main.js, so it finds the same node_modules), one process each on
// one stack (one database, one Redis prefix). Each pair of runs gives the ratio of their CPU per request (the api
// process only); the median of the ratios is the result.
//
//   npm run build:server && BENCH_API_ENTRY=api/bench-before/dist/main.js node bench/api/paired-cpu.js [pairs=30] [seconds=4]
//
// Two ways to load them:
// - BENCH_PAIRED_RATE=300 (the default): both processes at once, each at that many requests a second, evenly
//   spaced (bench/api/open-loop.js, a generator each), for `seconds` after 1 s of warm-up: same moment, same load
//   from others, and the same request rate, so neither's CPU per request moves with the throughput it managed.
// - BENCH_PAIRED_RATE=0: runs as fast as each answers (autocannon, BENCH_PAIRED_CONNECTIONS=20), alternating
//   after-before, before-after, ...: the method of the earlier paragraphs of bench/README.md's issue 19. On a
//   loaded machine its ratios spread widely: a process squeezed by others' load answers fewer requests per
//   wake-up and pays more CPU for each.
// CPU comes from each thread's /proc/<pid>/task/<tid>/schedstat (nanoseconds, not the 10 ms ticks of /stat).
//
// Two processes of the same build do not cost the same: in A/A runs one of them paid 3% to 20% more per request
// for a whole run (which one, and how much, changed between runs). So the pairs come in blocks of
// BENCH_PAIRED_BLOCK (default 5), each on two freshly started processes, started in alternating order; each is
// loaded as a teacher with 10 classes (two teachers, signed up once, swapped between the builds from block to
// block). Without BENCH_API_ENTRY both run api/dist/main.js: an A/A run, how far from 1 the method itself is.
//   BENCH_PAIRED_ROUTES=/api/turmas,/api/auth/user  (the default)
//   BENCH_PAIRED_RAW=1  also prints each pair
'use strict';
const { readFileSync, readdirSync } = require('node:fs');
const autocannon = require('autocannon');
const { runInChild: openLoop } = require('./open-loop');
const { startBenchStack, registerUser, api, loadAverage, machineInfo } = require('./bench-stack');

const PAIRS = Number(process.argv[2] ?? 30);
const SECONDS = Number(process.argv[3] ?? 4);
const RATE = Number(process.env.BENCH_PAIRED_RATE ?? 300);
const CONNECTIONS = Number(process.env.BENCH_PAIRED_CONNECTIONS ?? 20);
const BLOCK = Number(process.env.BENCH_PAIRED_BLOCK ?? 5);
const ROUTES = (process.env.BENCH_PAIRED_ROUTES ?? '/api/turmas,/api/auth/user').split(',');
const AFTER = 'api/dist/main.js';
const BEFORE = process.env.BENCH_API_ENTRY ?? AFTER;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const quartile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.floor(p * (xs.length - 1))];

/** CPU seconds used so far by all of a process's threads, to the nanosecond (the first field of schedstat). */
function cpuSeconds(pid) {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended while we looked
    }
  }
  return ns / 1e9;
}

/** Both processes at once, each at RATE requests a second: their CPU ms per request. */
async function runTogether(children, path) {
  const cpuBefore = children.map((c) => cpuSeconds(c.pid));
  const results = await Promise.all(children.map((c) => openLoop({ url: `${c.url}${path}`, rate: RATE, seconds: SECONDS, headers: { cookie: c.cookie } })));
  return children.map((c, i) => {
    const { errors, statuses } = results[i];
    if (errors > 0 || Object.keys(statuses).some((status) => status !== '200')) throw new Error(`${path}: ${JSON.stringify(statuses)}, ${errors} errors`);
    const requests = Math.round(RATE * (SECONDS + 1)); // with the generator's 1 s of warm-up
    return ((cpuSeconds(c.pid) - cpuBefore[i]) * 1000) / requests;
  });
}

/** One process as fast as it answers: its CPU ms per request. */
async function runAlone(child, path) {
  const cpuBefore = cpuSeconds(child.pid);
  const result = await autocannon({ url: `${child.url}${path}`, headers: { cookie: child.cookie }, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} not 2xx, ${result.errors} errors`);
  return ((cpuSeconds(child.pid) - cpuBefore) * 1000) / result.requests.total;
}

/** CPU ms per request of `after` and `before` in one pair; `afterFirst`: which one runs (or is read) first. */
async function pair(after, before, path, afterFirst) {
  const order = afterFirst ? [after, before] : [before, after];
  const [x, y] = RATE ? await runTogether(order, path) : [await runAlone(order[0], path), await runAlone(order[1], path)];
  return afterFirst ? [x, y] : [y, x];
}

async function main() {
  const loadAtStart = loadAverage();
  const stack = await startBenchStack('paired');
  const start = async (entry) => {
    process.env.BENCH_API_ENTRY = entry;
    return stack.startApi();
  };
  const stop = async (child) => {
    await child.stop();
    stack.children.splice(stack.children.indexOf(child), 1);
  };
  try {
    const load = RATE ? `both at once, ${RATE} requests a second each (open loop)` : `alternating, as fast as each answers (${CONNECTIONS} connections)`;
    console.log(`${machineInfo()}; load average at start ${loadAtStart}`);
    console.log(`after = ${AFTER}, before = ${BEFORE}; ${PAIRS} pairs of ${SECONDS} s runs, ${load}, fresh processes every ${BLOCK} pairs\n`);
    const cookies = [];
    const results = new Map(ROUTES.map((path) => [path, { ratios: [], after: [], before: [] }]));
    for (let block = 0; block * BLOCK < PAIRS; block++) {
      const afterFirst = block % 2 === 0;
      const first = await start(afterFirst ? AFTER : BEFORE);
      const second = await start(afterFirst ? BEFORE : AFTER);
      const [after, before] = afterFirst ? [first, second] : [second, first];
      if (!cookies.length) {
        for (const [n, child] of [after, before].entries()) {
          const user = await registerUser(child.url, `pares${n}@bench.test`);
          for (let i = 1; i <= 10; i++) {
            await api(child.url, user.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: String(40 + i), escola: 'EMEF Bench', ano: String(1 + (i % 9)) });
          }
          cookies.push(user.cookie);
        }
      }
      after.cookie = cookies[block % 2];
      before.cookie = cookies[(block + 1) % 2];
      for (const path of ROUTES) {
        const r = results.get(path);
        for (const child of [after, before]) await autocannon({ url: `${child.url}${path}`, headers: { cookie: child.cookie }, connections: 10, duration: 2 });
        for (let i = 0; i < BLOCK && r.ratios.length < PAIRS; i++) {
          const [a, b] = await pair(after, before, path, i % 2 === 0);
          r.ratios.push(a / b);
          r.after.push(a);
          r.before.push(b);
          if (process.env.BENCH_PAIRED_RAW === '1') console.log(`  ${path} block ${block + 1} pair ${i + 1}: after ${a.toFixed(3)} ms, before ${b.toFixed(3)} ms, ratio ${(a / b).toFixed(3)}`);
        }
      }
      await stop(after);
      await stop(before);
    }
    for (const [path, r] of results) {
      console.log(
        `GET ${path}: CPU per request after/before, median of ${r.ratios.length} pairs ${median(r.ratios).toFixed(3)} ` +
          `(quartiles ${quartile(r.ratios, 0.25).toFixed(3)}-${quartile(r.ratios, 0.75).toFixed(3)}); ` +
          `median ms/request after ${median(r.after).toFixed(3)}, before ${median(r.before).toFixed(3)}`,
      );
    }
    console.log(`load average at end ${loadAverage()}`);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
