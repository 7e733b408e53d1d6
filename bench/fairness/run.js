// Fairness of the generation queue, and the socket fan-out of streaming under that load (issue 29).
//
// 50 teachers each ask for a 5-lesson plan while one account has queued 35 plans of 15 lessons and regenerations;
// 2 worker processes, the fake AI at about 2 s a lesson (a time to first token, then the answer streamed at a
// model's pace, so the pages get 'delta' events as with a real model). Everything is queued through the api with no
// worker running, then the workers start: "at once". Figures:
//   - the wait of each of the 50 teachers' first lesson: from the workers being ready to the AI's first call for
//     her plan, p50 / p95 / max; goal p95 < one lesson's time + 1 s. The same 50 teachers without the heavy
//     account, in the same run, are the reference.
//   - the socket fan-out while the 50 plans run: the api's and the workers' CPU per 'delta' event (each process's
//     CPU over the window / the deltas delivered to every account's socket; the workers' also pays for writing the
//     lessons), and the deltas one teacher's page receives per second (every account listens on a socket).
// Regenerations: the product bounds one account to 3 queued or running at once (decisions.md, "Sessions and
// security"), so the heavy account queues its 3 and 97 more come from 33 other accounts: 100 in the queue.
//
//   npm run build && node bench/fairness/run.js [workerConcurrency]     (default: 25 jobs per worker process)
'use strict';
const { io } = require('socket.io-client');
const { startBenchStack, registerUser, api, pool, sqlClient, sleep, processCpuSeconds, machineInfo, loadAverage, requireBuilt, fmt } = require('../api/bench-stack');

const { startFakeAi } = requireBuilt('libs/testing/dist/fake-ai');

const LESSON_MS = 2000;
const TOKENS_PER_SECOND = 400;
const TEACHERS = 50;
const HEAVY_PLANS = 35;
const REGENERATIONS = 100;
const PENDING_REGENERATIONS_PER_USER = 3;
const concurrency = Number(process.argv[2] ?? 25);

function planBody(turmaId, tag, lessons) {
  return {
    temaPrincipal: `Plano ${tag}`,
    turmaId,
    materiaGeral: 'matematica',
    nivelDetalhamento: 3,
    aulas: Array.from({ length: lessons }, (_, i) => ({ numeroAula: i + 1, materia: 'matematica', prompt: `[${tag}-${i + 1}] Frações com receitas` })),
  };
}

async function newTeacher(apiUrl, sql, email, credits) {
  const teacher = await registerUser(apiUrl, email);
  await sql.query('update users set credits = $2 where id = $1', [teacher.user.id, credits]);
  const { body: turma } = await api(apiUrl, teacher.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: '51', escola: 'EMEF Bench', ano: '5' });
  return { ...teacher, turmaId: turma.id };
}

/** The teacher's socket, counting her lesson events (the time each delta arrived) and the rest. */
function listen(apiUrl, teacher) {
  return new Promise((resolve, reject) => {
    const socket = io(apiUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie: teacher.cookie }, reconnection: false });
    const seen = { socket, deltas: [], other: 0 };
    socket.on('lesson:progress', (event) => (event.type === 'delta' ? seen.deltas.push(performance.now()) : seen.other++));
    socket.on('plan:progress', () => seen.other++);
    socket.once('connect', () => resolve(seen));
    socket.once('connect_error', reject);
  });
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Waits until none of these plans is queued or running. */
async function waitPlansDone(sql, ids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await sql.query(`select count(*)::int as n from planos_aula where id = any($1::uuid[]) and generation_state in ('queued', 'running')`, [ids]);
    if (rows[0].n === 0) return;
    await sleep(200);
  }
  throw new Error('plans not done in time');
}

/** The most deltas one page got in any one second, and its mean rate from its first delta to its last. */
function pageRates(times) {
  if (times.length === 0) return { peak: 0, mean: 0 };
  let peak = 0;
  let from = 0;
  for (let to = 0; to < times.length; to++) {
    while (times[to] - times[from] >= 1000) from++;
    peak = Math.max(peak, to - from + 1);
  }
  // Over at least a second: a short plan's few deltas are not a rate of many a second.
  const span = Math.max(1000, times[times.length - 1] - times[0]) / 1000;
  return { peak, mean: times.length / span };
}

/**
 * One round: the heavy account's volume and the regenerations (or none), then the 50 teachers, then 2 workers;
 * the teachers' waits and the fan-out until the 50 plans are done.
 */
async function round(label, withHeavy) {
  const fake = await startFakeAi({ latencyMs: 20, tokensPerSecond: TOKENS_PER_SECOND });
  const stack = await startBenchStack(`fair_${withHeavy ? 'h' : 'n'}`);
  stack.onStop(() => fake.close());
  const env = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model', OPENAI_TIMEOUT_MS: '60000', WORKER_CONCURRENCY: String(concurrency) };
  // Some 85 sign-ups from this one address (the api allows 3 x RATE_LIMIT_LOGIN per address and window).
  const apiEnv = { ...env, RATE_LIMIT_LOGIN: '1000' };
  const sockets = [];
  try {
    const apiProcess = await stack.startApi(apiEnv);
    const sql = await sqlClient(stack.databaseUrl);
    sql.on('error', () => undefined);
    // Done plans to regenerate lessons of (the heavy account's and the other 33 accounts'), made with one worker;
    // in the round without the heavy account, one plan all the same, to time a lesson's streamed answer.
    const regenerators = [];
    if (withHeavy) {
      regenerators.push(await newTeacher(apiProcess.url, sql, 'pesado@bench.test', 1000));
      const others = Math.ceil((REGENERATIONS - PENDING_REGENERATIONS_PER_USER) / PENDING_REGENERATIONS_PER_USER);
      regenerators.push(...(await pool(Array.from({ length: others }, (_, i) => i), 4, (i) => newTeacher(apiProcess.url, sql, `regenera${i}@bench.test`, 10))));
    } else {
      regenerators.push(await newTeacher(apiProcess.url, sql, 'calibra@bench.test', 10));
    }
    const heavy = withHeavy ? regenerators[0] : null;
    const warm = await stack.startWorkers(1, env);
    const donePlans = [];
    for (const [i, t] of regenerators.entries()) {
      donePlans.push({ teacher: t, id: (await api(apiProcess.url, t.cookie, 'POST', '/api/planos/generate', planBody(t.turmaId, `pronto${i}`, PENDING_REGENERATIONS_PER_USER))).body.id });
    }
    await waitPlansDone(sql, donePlans.map((p) => p.id), 5 * 60_000);
    await stack.stopWorkers(warm);
    // A lesson's streamed answer at this pace; the time to first token makes the rest of the lesson's 2 s.
    const streamMs = percentile(fake.calls.filter((c) => c.finishedAt && c.firstTokenAt).map((c) => c.finishedAt - c.firstTokenAt), 50);
    const ttftMs = Math.max(0, LESSON_MS - streamMs);

    let regenerations = 0;
    if (withHeavy) {
      for (const { teacher, id } of donePlans) {
        const { body: plan } = await api(apiProcess.url, teacher.cookie, 'GET', `/api/planos/${id}`);
        for (const aula of plan.aulas) {
          if (regenerations >= REGENERATIONS) break;
          const res = await fetch(`${apiProcess.url}/api/planos/${id}/aulas/${aula.id}/regenerar`, {
            method: 'POST',
            headers: { cookie: teacher.cookie, 'content-type': 'application/json', origin: apiProcess.url },
            body: JSON.stringify({ instrucao: 'mais prática' }),
          });
          if (res.status !== 202) throw new Error(`regenerar: ${res.status} ${await res.text()}`);
          regenerations++;
        }
      }
      for (let i = 0; i < HEAVY_PLANS; i++) await api(apiProcess.url, heavy.cookie, 'POST', '/api/planos/generate', planBody(heavy.turmaId, `pesado${i}`, 15));
    }
    const teachers = await pool(Array.from({ length: TEACHERS }, (_, i) => i), 4, (i) => newTeacher(apiProcess.url, sql, `prof${i}@bench.test`, 10));
    const teacherPlans = [];
    for (const [i, t] of teachers.entries()) teacherPlans.push((await api(apiProcess.url, t.cookie, 'POST', '/api/planos/generate', planBody(t.turmaId, `prof${i}`, 5))).body.id);
    const pages = [];
    for (const t of teachers) pages.push(await listen(apiProcess.url, t));
    const listeners = [...pages];
    for (const t of regenerators) listeners.push(await listen(apiProcess.url, t));
    sockets.push(...listeners.map((l) => l.socket));

    fake.reset();
    fake.setLatency(ttftMs);
    const workers = await stack.startWorkers(2, env);
    const ready = Date.now();
    const cpu0 = { api: processCpuSeconds(apiProcess.pid), workers: workers.map((w) => processCpuSeconds(w.pid)) };
    await waitPlansDone(sql, teacherPlans, 10 * 60_000);
    const elapsedS = (Date.now() - ready) / 1000;
    const cpu = {
      api: processCpuSeconds(apiProcess.pid) - cpu0.api,
      workers: workers.reduce((sum, w, i) => sum + processCpuSeconds(w.pid) - cpu0.workers[i], 0),
    };
    // Let the last events arrive, then count them.
    await sleep(300);
    // Every delta the api delivered, to any account (the heavy account's and the regenerations' too).
    const deltas = listeners.reduce((sum, l) => sum + l.deltas.length, 0);
    const waits = teachers.map((_, i) => {
      const first = fake.calls.find((c) => c.text.includes(`[prof${i}-`));
      return first ? first.receivedAt - ready : Infinity;
    });
    const lessonCalls = fake.calls.filter((c) => c.finishedAt);
    const { rows } = await sql.query(`select count(*)::int as n from aulas where generation_state = 'done' and plano_id = any($1::uuid[])`, [teacherPlans]);
    await sql.end();
    const rates = pages.map((p) => pageRates(p.deltas));
    return {
      label,
      regenerations,
      heavyPlans: withHeavy ? HEAVY_PLANS : 0,
      lessonMs: percentile(lessonCalls.map((c) => c.finishedAt - c.receivedAt), 50),
      ttftMs,
      p50: percentile(waits, 50),
      p95: percentile(waits, 95),
      max: Math.max(...waits),
      lessonsDone: rows[0].n,
      elapsedS,
      deltas,
      aiCalls: fake.calls.length,
      cpu,
      pagePeak: Math.max(...rates.map((r) => r.peak)),
      pageMean: rates.reduce((sum, r) => sum + r.mean, 0) / rates.length,
    };
  } finally {
    for (const socket of sockets) socket.close();
    await stack.stop();
  }
}

async function main() {
  console.log(
    `fairness: ${TEACHERS} teachers x 5 lessons; heavy account ${HEAVY_PLANS} plans x 15 lessons; ${REGENERATIONS} regenerations; 2 workers x ${concurrency} jobs; AI about ${LESSON_MS} ms a lesson (${TOKENS_PER_SECOND} tokens/s after its first)`,
  );
  console.log(machineInfo(), `load ${loadAverage()}`);
  const alone = await round('50 teachers alone', false);
  console.log(`load ${loadAverage()}`);
  const shared = await round('50 teachers + heavy account', true);
  for (const r of [alone, shared]) {
    console.log(
      `${r.label.padEnd(28)} first-lesson wait p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, max ${fmt(r.max)} ms; lesson call ${fmt(r.lessonMs)} ms (first token ${fmt(r.ttftMs)} ms); ` +
        `queued before: ${r.heavyPlans} heavy plans, ${r.regenerations} regenerations; the 50 plans done in ${fmt(r.elapsedS, 1)} s (${r.lessonsDone}/250 lessons, ${r.aiCalls} AI calls in all)`,
    );
    console.log(
      `${''.padEnd(28)} fan-out: ${fmt(r.deltas)} deltas delivered (${fmt(r.deltas / r.elapsedS)}/s); CPU per delta: api ${fmt((r.cpu.api / r.deltas) * 1e6)} µs (api ${fmt(r.cpu.api, 2)} s), ` +
        `workers ${fmt((r.cpu.workers / r.deltas) * 1e6)} µs (workers ${fmt(r.cpu.workers, 2)} s, also writing the lessons); one page: peak ${r.pagePeak} deltas/s, mean ${fmt(r.pageMean, 1)}/s`,
    );
  }
  const goal = alone.lessonMs + 1000;
  console.log(`p95 with the heavy account / alone: ${(shared.p95 / Math.max(1, alone.p95)).toFixed(2)}; goal p95 < one lesson's time + 1 s = ${fmt(goal)} ms: ${shared.p95 < goal ? 'met' : 'MISSED'}`);
  console.log(`load ${loadAverage()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
