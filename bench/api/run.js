// API throughput and latency with autocannon against the built api (one process, its own database and Redis
// prefix, no worker). The load generator runs in this same process and shares the machine's CPU with the api
// and PostgreSQL, so the figures are a lower bound of what the api alone would do. In the same run, the reference
// servers of bench/api/reference-server.js (bare Express, from memory or with the api's one query) give each of
// GET /api/turmas, /api/planos and /api/auth/user its limit, and the api's share of it.
//
//   npm run build && node bench/api/run.js [seconds=10]
//   npm run build && BENCH_ONLY=ratio node bench/api/run.js 10   (only the api against its references)
'use strict';
const autocannon = require('autocannon');
const { runInChild: openLoop } = require('./open-loop');
const {
  startBenchStack,
  registerUser,
  api,
  sqlClient,
  processCpuSeconds,
  postgresCpuSeconds,
  stealSeconds,
  machineInfo,
  loadAverage,
  fmt,
} = require('./bench-stack');

const SECONDS = Number(process.argv[2] ?? 10);
const TARGET_RATE = 500;
const TARGET_P99_MS = 10;
const TARGET_RATIO = 0.8; // of the bare Express + pg reference's req/s
const RATIO_ROUNDS = 2; // api and reference alternate, so a change in the machine's load falls on both
const LIST_PLANS = 500;
const OTHER_USERS = 100; // other teachers' plans in the same tables, so the indexes have to do their job
const OTHER_PLANS_EACH = 50;

const LESSON_TEXT =
  'Os alunos exploram frações com material concreto, comparam partes de um todo e registram no caderno as descobertas. ';

/** 500 finished plans (3 to 5 lessons each, texts filled) for `userId`, and 5,000 for other teachers. */
async function seedPlans(sql, userId) {
  await sql.query(
    `insert into users (id, email, password, credits)
     select gen_random_uuid(), 'outro' || g || '@bench.test', 'x', 35 from generate_series(1, $1) g`,
    [OTHER_USERS],
  );
  await sql.query(
    `insert into turmas (id, nome_professor, numero, escola, ano, user_id)
     select gen_random_uuid(), 'Professora ' || g, (50 + g % 5)::text, 'EMEF Bench', '5', u.id
       from users u cross join generate_series(1, 5) g
      where u.email like 'outro%' or u.id = $1`,
    [userId],
  );
  const plans = `
    insert into planos_aula (id, tema_principal, materia_geral, turma_id, user_id, status, generation_state, generator,
                             nivel_detalhamento, created_at, updated_at, finished_at)
    select gen_random_uuid(), 'Frações no cotidiano ' || g, 'matematica',
           (select id from turmas t where t.user_id = u.id order by t.id offset (g % 5) limit 1), u.id,
           'gerado', 'done', 'offline', 3,
           now() - make_interval(mins => g), now() - make_interval(mins => g), now() - make_interval(mins => g)
      from users u cross join generate_series(1, $2) g
     where u.id = $1`;
  await sql.query(plans, [userId, LIST_PLANS]);
  const others = await sql.query(`select id from users where email like 'outro%'`);
  for (const row of others.rows) await sql.query(plans, [row.id, OTHER_PLANS_EACH]);
  await sql.query(
    `insert into aulas (id, plano_id, numero_aula, materia, prompt, habilidades, objetivos, objetos_conhecimento,
                        experiencias, evidencias, habilidade_codes, generation_state)
     select gen_random_uuid(), p.id, n, 'matematica', 'Aula ' || n || ': bingo das frações',
            'EF05MA03 - Identificar e representar frações', repeat($1, 4), repeat($1, 2), repeat($1, 12), repeat($1, 4),
            '["EF05MA03"]', 'done'
       from planos_aula p cross join lateral generate_series(1, 3 + abs(hashtext(p.id::text)) % 3) n`,
    [LESSON_TEXT],
  );
  // As autovacuum leaves a table of plans made over time: statistics and the visibility map (index-only scans).
  await sql.query('vacuum analyze');
  const counts = await sql.query(
    `select (select count(*) from planos_aula where user_id = $1)::int as mine,
            (select count(*) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = $1)::int as my_lessons,
            (select count(*) from planos_aula)::int as plans, (select count(*) from aulas)::int as lessons`,
    [userId],
  );
  return counts.rows[0];
}

/** The list routes' SQL alone (same statements as api/src/planos and turmas services), median of 30 runs, in ms. */
async function sqlAlone(sql, text, params) {
  const times = [];
  for (let i = 0; i < 30; i++) {
    const t = process.hrtime.bigint();
    await sql.query(text, params);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[15];
}

/** The plan page's statement as the api runs it (first page, no filters). */
const { planosPageStatement } = require('../../libs/db/dist');

/**
 * Runs `load` and reads, over the time it took, the api's and PostgreSQL's CPU (a share of one core each) and the
 * steal: of the machine's vCPUs, the share the hypervisor ran something else on (it shows in the tail latencies).
 */
async function withCpu(stack, apiChild, load) {
  const before = { api: processCpuSeconds(apiChild.pid), pg: postgresCpuSeconds(stack.runId), steal: stealSeconds() };
  const started = process.hrtime.bigint();
  const result = await load();
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  return {
    result,
    elapsed,
    apiCpu: (processCpuSeconds(apiChild.pid) - before.api) / elapsed,
    pgCpu: (postgresCpuSeconds(stack.runId) - before.pg) / elapsed,
    steal: (stealSeconds() - before.steal) / elapsed / require('node:os').cpus().length,
  };
}

const statusesText = (counts) => counts.map(([code, n]) => `${code}x${n}`).join(' ');

/** One autocannon run, with the api's and PostgreSQL's CPU use over it. */
async function measure(stack, apiChild, sql, label, options) {
  const selfBefore = process.cpuUsage();
  const { result, elapsed, apiCpu, pgCpu, steal } = await withCpu(stack, apiChild, () => autocannon({ connections: 10, duration: SECONDS, ...options }));
  const self = process.cpuUsage(selfBefore);
  const total = result.requests.total;
  return {
    label,
    rate: options.overallRate ? `${options.overallRate}/s fixed` : 'max',
    connections: options.connections ?? 10,
    requests: total,
    rps: total / result.duration,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    statuses: statusesText(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: result.errors + result.timeouts,
    apiCpu,
    pgCpu,
    selfCpu: (self.user + self.system) / 1e6 / elapsed,
    steal,
  };
}

/** One open-loop run (constant arrival rate, its own process), with the api's and PostgreSQL's CPU over it. */
async function measureOpenLoop(stack, apiChild, label, options) {
  // BENCH_HEAP_SPANS=1 (with bench/api/gc-trace.js loaded into the api): account for, or profile, what the
  // run does to the api's heap (GC_STATS_FILE, GC_PROFILE_DIR).
  const heapSpans = process.env.BENCH_HEAP_SPANS === '1';
  const { result, elapsed, apiCpu, pgCpu, steal } = await withCpu(stack, apiChild, async () => {
    if (heapSpans) process.kill(apiChild.pid, 'SIGWINCH');
    const run = await openLoop({ seconds: SECONDS, rate: TARGET_RATE, ...options });
    if (heapSpans) {
      process.kill(apiChild.pid, 'SIGWINCH');
      await new Promise((resolve) => setTimeout(resolve, 300)); // lets the api write before the next run or its stop
    }
    return run;
  });
  // BENCH_SLOW_LOG=file: appends each run's slow requests ([wall ms when due, latency ms]), to line up with a trace
  // of the api's collections or event-loop stalls (bench/api/gc-trace.js).
  if (process.env.BENCH_SLOW_LOG) {
    const slow = result.slow.map(([due, latency]) => [Math.round(result.startWall + due), latency]);
    require('node:fs').appendFileSync(process.env.BENCH_SLOW_LOG, `${JSON.stringify({ label, slow })}\n`);
  }
  return {
    label,
    rate: `${options.rate ?? TARGET_RATE}/s open loop`,
    connections: 'as needed',
    requests: result.completed,
    rps: result.rate,
    p50: round(result.p50),
    p90: round(result.p90),
    p99: round(result.p99),
    max: round(result.max),
    statuses: statusesText(Object.entries(result.statuses)),
    errors: result.errors,
    apiCpu,
    pgCpu,
    selfCpu: result.cpuSeconds / elapsed,
    steal,
  };
}

const round = (ms) => Math.round(ms * 10) / 10;

/** Requests per second over several runs (total requests / total time). */
const overall = (runs) => runs.reduce((sum, r) => sum + r.requests, 0) / runs.reduce((sum, r) => sum + r.requests / r.rps, 0);

/** The issue-19 table: api against its reference, and the api's open-loop p99 at TARGET_RATE. */
function printRatios(ratios, openLoopRows, openLoopRefs) {
  if (!ratios.length) return;
  console.log(
    `\n| route | api req/s | bare Express + pg req/s | ratio (goal >= ${TARGET_RATIO}) | from memory req/s | api CPU ms/req | reference CPU ms/req | ` +
      `api p99 ms at ${TARGET_RATE}/s open loop (goal < ${TARGET_P99_MS}) | reference p99 ms |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|`,
  );
  const cpuPerRequest = (runs) => fmt((runs.reduce((sum, r) => sum + (r.apiCpu * r.requests) / r.rps, 0) * 1000) / runs.reduce((sum, r) => sum + r.requests, 0), 2);
  ratios.forEach((r, i) => {
    const api = overall(r.api);
    const ref = overall(r.ref);
    const open = openLoopRows.find((o) => o.label.startsWith(r.label.split(' (')[0]));
    const refOpen = openLoopRefs[i];
    const ratio = api / ref;
    const p99Ok = open && open.p99 < TARGET_P99_MS && open.rps >= TARGET_RATE * 0.95 && !open.errors;
    console.log(
      `| ${r.label} | ${fmt(api)} (${r.api.map((x) => fmt(x.rps)).join(', ')}) | ${fmt(ref)} (${r.ref.map((x) => fmt(x.rps)).join(', ')}) | ` +
        `**${fmt(ratio, 2)}** ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'} | ${r.memory.length ? fmt(overall(r.memory)) : '-'} | ${cpuPerRequest(r.api)} | ${cpuPerRequest(r.ref)} | ` +
        `${open ? `**${open.p99}** ${p99Ok ? 'met' : 'MISSED'}` : '-'} | ${refOpen ? refOpen.p99 : '-'} |`,
    );
  });
}

async function main() {
  const loadAtStart = loadAverage();
  const stack = await startBenchStack('api');
  try {
    // API_PROCESSES=2 node bench/api/run.js: the api as that many processes sharing the port (node:cluster).
    const apiProcesses = Number(process.env.API_PROCESSES ?? 1);
    // API_NODE_ARGS='--flag ...': Node or V8 flags for the api process (compare garbage-collector settings).
    const apiNodeArgs = (process.env.API_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const apiChild = await stack.startApi({ API_PROCESSES: String(apiProcesses) }, apiNodeArgs);
    const url = apiChild.url;
    const sql = await sqlClient(stack.databaseUrl);
    stack.onStop(() => sql.end());

    // Teacher 1: ten classes (and a few plans, so the counts are not all zero).
    const turmasUser = await registerUser(url, 'turmas@bench.test');
    const turmaIds = [];
    for (let i = 1; i <= 10; i++) {
      const { body } = await api(url, turmasUser.cookie, 'POST', '/api/turmas', {
        nomeProfessor: 'Ana Bench',
        numero: String(40 + i),
        escola: 'EMEF Bench',
        ano: String(1 + (i % 9)),
        observacoesAdicionais: 'Turma participativa; dois alunos com laudo.',
      });
      turmaIds.push(body.id);
    }
    // Teacher 2: 500 finished plans inserted with SQL.
    const planosUser = await registerUser(url, 'planos@bench.test');
    const seeded = await seedPlans(sql, planosUser.user.id);
    // Teacher 3: plenty of credits, one class, generates (no worker runs: enqueue only).
    const generateUser = await registerUser(url, 'gerar@bench.test');
    await sql.query('update users set credits = 1000000 where id = $1', [generateUser.user.id]);
    const { body: turma } = await api(url, generateUser.cookie, 'POST', '/api/turmas', {
      nomeProfessor: 'Bia Bench',
      numero: '51',
      escola: 'EMEF Bench',
      ano: '5',
    });
    const generateBody = JSON.stringify({
      temaPrincipal: 'Frações no cotidiano',
      turmaId: turma.id,
      materiaGeral: 'matematica',
      limitOneSkill: true,
      preferirSeduc: true,
      nivelDetalhamento: 3,
      aulas: [1, 2, 3].map((n) => ({ numeroAula: n, materia: 'matematica', prompt: `Aula ${n}: bingo das frações` })),
    });

    const listPlanos = await fetch(`${url}/api/planos`, { headers: { cookie: planosUser.cookie } });
    const firstPage = await listPlanos.json();
    const listTurmas = await api(url, turmasUser.cookie, 'GET', '/api/turmas');
    const sizes = {
      planos: Buffer.byteLength(JSON.stringify(firstPage)),
      turmas: Buffer.byteLength(JSON.stringify(listTurmas.body)),
    };
    const total = Number(listPlanos.headers.get('x-total-count'));
    if (total !== LIST_PLANS) throw new Error(`expected ${LIST_PLANS} plans in X-Total-Count, got ${total}`);
    // A page deep in the list (the 15th of 20): keyset paging costs the same as the first page.
    let cursor = listPlanos.headers.get('x-next-cursor');
    for (let page = 2; page < 15; page++) {
      const res = await fetch(`${url}/api/planos?cursor=${cursor}`, { headers: { cookie: planosUser.cookie } });
      cursor = res.headers.get('x-next-cursor');
    }
    // Every page, once: what a teacher who presses 'Carregar mais' to the end downloads in all.
    let pagesWalked = 1;
    let walked = firstPage.length;
    let walkedBytes = sizes.planos;
    for (let next = listPlanos.headers.get('x-next-cursor'); next; pagesWalked++) {
      const res = await fetch(`${url}/api/planos?cursor=${next}`, { headers: { cookie: planosUser.cookie } });
      const text = await res.text();
      walkedBytes += Buffer.byteLength(text);
      walked += JSON.parse(text).length;
      next = res.headers.get('x-next-cursor');
    }
    if (walked !== LIST_PLANS) throw new Error(`walking the pages gave ${walked} plans, expected ${LIST_PLANS}`);

    const firstPageStatement = planosPageStatement(planosUser.user.id, {}, 26);
    const sqlMs = await sqlAlone(sql, firstPageStatement.text, firstPageStatement.values);
    const routes = {
      turmas: { url: `${url}/api/turmas`, headers: { cookie: turmasUser.cookie } },
      planos: { url: `${url}/api/planos`, headers: { cookie: planosUser.cookie } },
      planosDeep: { url: `${url}/api/planos?cursor=${cursor}`, headers: { cookie: planosUser.cookie } },
    };
    routes.authUser = { url: `${url}/api/auth/user`, headers: { cookie: turmasUser.cookie } };

    // The references: bare Express + pg with the api's own statements, and the class list from memory.
    const refChild = await stack.startReference({ REF_TURMAS_USER: turmasUser.user.id, REF_PLANOS_USER: planosUser.user.id });
    const refRoutes = {
      memory: { url: `${refChild.url}/memory/turmas` },
      turmas: { url: `${refChild.url}/pg/turmas` },
      planos: { url: `${refChild.url}/pg/planos` },
      authUser: { url: `${refChild.url}/pg/auth/user`, headers: { cookie: turmasUser.cookie } },
    };
    // Same answer, byte for byte (and the plan page's headers), or the comparison means nothing.
    for (const [api, ref] of [['turmas', 'memory'], ['turmas', 'turmas'], ['planos', 'planos'], ['authUser', 'authUser']]) {
      const [a, r] = await Promise.all([routes[api], refRoutes[ref]].map((t) => fetch(t.url, { headers: t.headers })));
      const [aText, rText] = await Promise.all([a.text(), r.text()]);
      if (a.status !== 200 || r.status !== 200 || aText !== rText) throw new Error(`reference ${ref} does not answer what the api's ${api} does:\n${aText.slice(0, 300)}\n${rText.slice(0, 300)}`);
      for (const h of ['x-total-count', 'x-next-cursor']) if (a.headers.get(h) !== r.headers.get(h)) throw new Error(`reference ${ref}: ${h} differs`);
    }

    // Warm-up: JIT, connection pools, PostgreSQL caches.
    for (const r of [...Object.values(routes), ...Object.values(refRoutes)]) await autocannon({ ...r, connections: 5, duration: 2 });

    // BENCH_ONLY=open: only the open-loop runs (quick A/B of an api change).
    const only = process.env.BENCH_ONLY;
    const rows = [];
    const fixed = [];
    const reference = [];
    let generated = null;
    const generatedCheck = {};
    const ratios = [];
    if (only !== 'open') {
      // The api against its references, at full speed, in alternating runs.
      const pairs = [
        ['GET /api/turmas (10 classes)', routes.turmas, refRoutes.turmas, refRoutes.memory],
        [`GET /api/planos (first page of ${LIST_PLANS} plans)`, routes.planos, refRoutes.planos],
        ['GET /api/auth/user', routes.authUser, refRoutes.authUser],
      ];
      for (const [label, apiRoute, refRoute, memoryRoute] of pairs) {
        const runs = { api: [], ref: [], memory: [] };
        for (let round = 0; round < RATIO_ROUNDS; round++) {
          runs.api.push(await measure(stack, apiChild, sql, label, { ...apiRoute, connections: 20 }));
          runs.ref.push(await measure(stack, refChild, sql, `reference for ${label}`, { ...refRoute, connections: 20 }));
          if (memoryRoute) runs.memory.push(await measure(stack, refChild, sql, `from memory: ${label}`, { ...memoryRoute, connections: 20 }));
        }
        for (const run of [...runs.api, ...runs.ref, ...runs.memory]) {
          if (run.errors || !/^200x\d+$/.test(run.statuses)) throw new Error(`${run.label}: ${run.statuses}, ${run.errors} errors`);
        }
        ratios.push({ label, ...runs });
      }
    }
    if (only !== 'open' && only !== 'ratio') {
      rows.push(await measure(stack, apiChild, sql, 'GET /api/turmas (10 classes)', { ...routes.turmas }));
      rows.push(await measure(stack, apiChild, sql, `GET /api/planos (first page of ${LIST_PLANS} plans)`, { ...routes.planos }));
      rows.push(await measure(stack, apiChild, sql, 'GET /api/planos?cursor= (15th page)', { ...routes.planosDeep }));
      const plansBefore = Number((await sql.query('select count(*) from planos_aula where user_id = $1', [generateUser.user.id])).rows[0].count);
      rows.push(
        await measure(stack, apiChild, sql, 'POST /api/planos/generate (3 lessons, enqueue only)', {
          url: `${url}/api/planos/generate`,
          method: 'POST',
          headers: { cookie: generateUser.cookie, 'content-type': 'application/json' },
          body: generateBody,
          maxOverallRequests: 5000,
        }),
      );
      generated = rows[rows.length - 1];
      await new Promise((r) => setTimeout(r, 2000)); // autocannon does not wait for the requests still in flight
      generatedCheck.plans = -plansBefore + Number((await sql.query('select count(*) from planos_aula where user_id = $1', [generateUser.user.id])).rows[0].count);
      generatedCheck.credits = 1000000 - Number((await sql.query('select credits from users where id = $1', [generateUser.user.id])).rows[0].credits);
      const { Queue } = require(require.resolve('bullmq', { paths: [require('node:path').resolve(__dirname, '../../worker')] }));
      const queue = new Queue('plan-generation', { connection: { url: stack.redisUrl }, prefix: stack.prefix });
      generatedCheck.waiting = await queue.getWaitingCount();
      await queue.close();

      // Where the api's time goes: the same stack with less work per request.
      const refSeconds = Math.min(SECONDS, 5);
      reference.push(await measure(stack, apiChild, sql, 'reference: GET /api/nao-existe (404, no session, no SQL)', { url: `${url}/api/nao-existe`, duration: refSeconds }));
      reference.push(await measure(stack, apiChild, sql, 'reference: GET /api/health (no session, select 1 + Redis ping)', { url: `${url}/api/health`, duration: refSeconds }));
      reference.push(
        await measure(stack, apiChild, sql, 'reference: GET /api/auth/user (session + user only)', { url: `${url}/api/auth/user`, headers: { cookie: turmasUser.cookie }, duration: refSeconds }),
      );

      fixed.push(await measure(stack, apiChild, sql, 'GET /api/turmas (10 classes)', { ...routes.turmas, connections: 20, overallRate: TARGET_RATE }));
      fixed.push(await measure(stack, apiChild, sql, `GET /api/planos (first page of ${LIST_PLANS} plans)`, { ...routes.planos, connections: 20, overallRate: TARGET_RATE }));
      fixed.push(await measure(stack, apiChild, sql, 'GET /api/planos?cursor= (15th page)', { ...routes.planosDeep, connections: 20, overallRate: TARGET_RATE }));
    }

    // The same target measured as users arrive: 500 requests a second, evenly spaced, latency from the due time.
    const openLoopRows = [];
    openLoopRows.push(await measureOpenLoop(stack, apiChild, 'GET /api/turmas (10 classes)', routes.turmas));
    openLoopRows.push(await measureOpenLoop(stack, apiChild, `GET /api/planos (first page of ${LIST_PLANS} plans)`, routes.planos));
    if (only !== 'ratio') openLoopRows.push(await measureOpenLoop(stack, apiChild, 'GET /api/planos?cursor= (15th page)', routes.planosDeep));
    openLoopRows.push(await measureOpenLoop(stack, apiChild, 'GET /api/auth/user', routes.authUser));
    // The references' tail at the same rate: what the machine itself allows.
    const openLoopRefs = [];
    openLoopRefs.push(await measureOpenLoop(stack, refChild, 'reference: GET /pg/turmas', refRoutes.turmas));
    openLoopRefs.push(await measureOpenLoop(stack, refChild, 'reference: GET /pg/planos', refRoutes.planos));
    openLoopRefs.push(await measureOpenLoop(stack, refChild, 'reference: GET /pg/auth/user', refRoutes.authUser));

    console.log(
      `\n${machineInfo()}; load average at start ${loadAtStart}, at end ${loadAverage()}; ` +
        `${SECONDS} s per run; autocannon in this process, the open-loop generator in a child (both share the CPU); API_PROCESSES=${apiProcesses}.`,
    );
    console.log(
      `Data: ${fmt(seeded.plans)} plans / ${fmt(seeded.lessons)} lessons in the tables; the list user has ${seeded.mine} plans / ${seeded.my_lessons} lessons. ` +
        `Response bodies: /api/planos ${fmt(sizes.planos / 1024, 1)} KB (a page of ${firstPage.length}; all ${pagesWalked} pages ${fmt(walkedBytes / 1024, 1)} KB), /api/turmas ${fmt(sizes.turmas / 1024, 1)} KB (no compression).`,
    );
    const header =
      '| route | rate | conns | requests | req/s | p50 ms | p90 ms | p99 ms | max ms | statuses | api CPU | postgres CPU | load generator CPU | steal |\n' +
      '|---|---|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|--:|--:|';
    const line = (r) =>
      `| ${r.label} | ${r.rate} | ${r.connections} | ${fmt(r.requests)} | ${fmt(r.rps)} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.statuses}${r.errors ? ` errors ${r.errors}` : ''} | ` +
      `${fmt(r.apiCpu * 100)}% | ${r.pgCpu >= 0 ? `${fmt(r.pgCpu * 100)}%` : '-'} | ${fmt(r.selfCpu * 100)}% | ${fmt(r.steal * 100)}% |`;
    const ratioRuns = ratios.flatMap((r) => [...r.api, ...r.ref, ...r.memory]);
    console.log(`\n${header}\n${[...rows, ...fixed, ...ratioRuns, ...openLoopRows, ...openLoopRefs, ...reference].map(line).join('\n')}`);
    console.log(`\napi CPU per request (ms): ${[...rows, ...reference].map((r) => `${r.label.split(' (')[0].replace('reference: ', '')} ${fmt((r.apiCpu * 1000) / r.rps, 1)}`).join('; ')}`);
    // Less sensitive to other processes on the machine than req/s: what one api process could do with a whole core.
    for (const r of rows.slice(0, 3)) {
      const msPerRequest = (r.apiCpu * 1000) / r.rps;
      console.log(
        `${r.label}: ${fmt(msPerRequest, 1)} ms of api CPU per request -> at most ~${fmt(1000 / msPerRequest)} req/s per core; ` +
          `${TARGET_RATE} req/s needs ~${fmt((TARGET_RATE * msPerRequest) / 1000, 1)} cores for the api alone (PostgreSQL not counted).`,
      );
    }
    if (generated) {
      const accepted = generated.statuses.match(/202x(\d+)/)?.[1] ?? '0';
      console.log(
        `\ngenerate: ${accepted} answered 202; plans stored ${generatedCheck.plans}; credits taken ${generatedCheck.credits}; jobs waiting in the queue ${generatedCheck.waiting}.`,
      );
    }
    printRatios(ratios, openLoopRows, openLoopRefs);
    console.log(`/api/planos SQL alone (the first page's query, ${LIST_PLANS} plans, from a pg client): median ${fmt(sqlMs, 1)} ms.`);
    for (const r of [...fixed, ...openLoopRows]) {
      const ok = r.p99 < TARGET_P99_MS && r.rps >= TARGET_RATE * 0.95 && !r.errors;
      console.log(
        `target p99 < ${TARGET_P99_MS} ms at ${TARGET_RATE} req/s (${r.rate.includes('open') ? 'open loop, evenly spaced' : 'autocannon, a burst each second'}), ` +
          `${r.label}: p99 ${r.p99} ms at ${fmt(r.rps)} req/s -> ${ok ? 'MET' : 'MISSED'}`,
      );
    }
  } finally {
    await stack.stop();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

module.exports = { seedPlans };
