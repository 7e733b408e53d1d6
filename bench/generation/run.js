// Plan generation end to end: the built api and worker processes, the fake OpenAI-compatible server (real HTTP,
// fixed latency per call), PostgreSQL and Redis, all on this machine.
//   (a) one 15-lesson plan: wall time from POST /api/planos/generate to generation done, divided by the AI latency
//       (target below 1.5), with the default LESSON_CONCURRENCY and with LESSON_CONCURRENCY=15;
//   (b) 200 plans of 5 lessons queued at once, 2 worker processes: throughput, nothing lost, credits = plans;
//   (c) 1,000 plans of 1 lesson queued at once, 2 workers, low AI latency: nothing lost, throughput and its limit
//       (50 ms with the default and with 16 jobs per worker, and 200 ms, where the AI bound is below the CPU's).
// Plans are queued through the api with no worker running, then the workers start: "queued at once".
//
//   npm run build && node bench/generation/run.js [a|b|c ...]     (default: all three)
// BENCH_WORKER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the workers of (b) and (c).
'use strict';
const { io } = require('socket.io-client');
const {
  startBenchStack,
  registerUser,
  api,
  pool,
  sqlClient,
  sleep,
  processCpuSeconds,
  machineCpuSeconds,
  postgresCpuSeconds,
  machineInfo,
  loadAverage,
  requireBuilt,
  fmt,
} = require('../api/bench-stack');

const { startFakeAi } = requireBuilt('libs/testing/dist/fake-ai');
const { loadSettings } = requireBuilt('libs/config/dist');
const DEFAULTS = loadSettings({}); // the product's defaults (WORKER_CONCURRENCY, LESSON_CONCURRENCY)

const parts = process.argv.slice(2).length ? process.argv.slice(2) : ['a', 'b', 'c'];

function planBody(turmaId, tag, lessons) {
  return {
    temaPrincipal: `Frações no cotidiano ${tag}`,
    turmaId,
    materiaGeral: 'matematica',
    limitOneSkill: false,
    preferirSeduc: true,
    nivelDetalhamento: 3,
    // A unique text per lesson lets us count the AI calls each lesson got.
    aulas: Array.from({ length: lessons }, (_, i) => ({
      numeroAula: i + 1,
      materia: 'matematica',
      prompt: `[${tag}-${i + 1}] Bingo das frações com material concreto`,
    })),
  };
}

async function newTeacher(apiUrl, sql, email, credits) {
  const teacher = await registerUser(apiUrl, email);
  await sql.query('update users set credits = $2 where id = $1', [teacher.user.id, credits]);
  const { body: turma } = await api(apiUrl, teacher.cookie, 'POST', '/api/turmas', {
    nomeProfessor: 'Ana Bench',
    numero: '51',
    escola: 'EMEF Bench',
    ano: '5',
  });
  return { ...teacher, turmaId: turma.id };
}

/** Resolves with the time the 'done' event of `planId` arrived (or the API said done, polled every 250 ms). */
function waitForDone(apiUrl, teacher, planId, socket, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    let finished = false;
    const finish = (error) => {
      if (finished) return;
      finished = true;
      const at = performance.now();
      clearInterval(poll);
      clearTimeout(timer);
      socket.off('plan:progress', onEvent);
      if (error) reject(error);
      else resolve(at);
    };
    const onEvent = (event) => {
      if (event.planId !== planId) return;
      if (event.type === 'done') finish();
      if (event.type === 'failed') finish(new Error(`plan failed: ${event.error}`));
    };
    socket.on('plan:progress', onEvent);
    const poll = setInterval(() => {
      api(apiUrl, teacher.cookie, 'GET', `/api/planos/${planId}`)
        .then(({ body }) => {
          if (body.generation.state === 'done') finish();
          if (body.generation.state === 'failed') finish(new Error(`plan failed: ${body.generation.error}`));
        })
        .catch(() => undefined);
    }, 250);
    const timer = setTimeout(() => finish(new Error(`plan ${planId} not done in ${timeoutMs} ms`)), timeoutMs);
  });
}

function connectSocket(apiUrl, cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(apiUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** (a) One 15-lesson plan, three times; the ratio is wall time / AI latency. */
async function singlePlan(stack, apiUrl, sql, fake, latencyMs, lessonConcurrency) {
  fake.reset();
  fake.setLatency(latencyMs);
  const env = aiEnv(fake, lessonConcurrency === undefined ? {} : { LESSON_CONCURRENCY: String(lessonConcurrency) });
  const workers = await stack.startWorkers(1, env);
  const teacher = await newTeacher(apiUrl, sql, `um-plano-${lessonConcurrency ?? 'padrao'}@bench.test`, 100);
  const socket = await connectSocket(apiUrl, teacher.cookie);
  const runs = [];
  try {
    // One warm-up plan (JIT, curriculum index of the year and subject, connections), then three timed ones.
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      const { body } = await api(apiUrl, teacher.cookie, 'POST', '/api/planos/generate', planBody(teacher.turmaId, `a${lessonConcurrency}-${i}`, 15));
      const doneAt = await waitForDone(apiUrl, teacher, body.id, socket);
      if (i > 0) runs.push(doneAt - started);
    }
  } finally {
    socket.close();
    await stack.stopWorkers(workers);
  }
  runs.sort((a, b) => a - b);
  const median = runs[Math.floor(runs.length / 2)];
  return {
    lessonConcurrency: lessonConcurrency ?? DEFAULTS.LESSON_CONCURRENCY,
    latencyMs,
    runs,
    median,
    ratio: median / latencyMs,
    waves: Math.ceil(15 / (lessonConcurrency ?? DEFAULTS.LESSON_CONCURRENCY)),
  };
}

/** The fake AI, and the concurrency settings pinned to the product defaults (a .env file cannot change them). */
function aiEnv(fake, extra = {}) {
  return {
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_BASE_URL: fake.url,
    OPENAI_MODEL: 'fake-model',
    OPENAI_TIMEOUT_MS: '30000',
    WORKER_CONCURRENCY: String(DEFAULTS.WORKER_CONCURRENCY),
    LESSON_CONCURRENCY: String(DEFAULTS.LESSON_CONCURRENCY),
    ...extra,
  };
}

/**
 * (b) and (c): `plans` plans of `lessons` lessons queued through the api with no worker running, then `workers`
 * worker processes start. Checks that every plan and lesson ended done, each lesson got exactly one AI call,
 * and exactly one credit per plan was taken.
 */
async function manyPlans(stack, apiChild, sql, fake, { plans, lessons, latencyMs, workers, workerEnv = {}, label }) {
  fake.reset();
  fake.setLatency(latencyMs);
  const credits = plans + 50;
  const teacher = await newTeacher(apiChild.url, sql, `muitos-${label}@bench.test`, credits);
  const enqueueStarted = performance.now();
  const statuses = await pool(Array.from({ length: plans }, (_, i) => i), 10, async (i) => {
    const { status } = await api(apiChild.url, teacher.cookie, 'POST', '/api/planos/generate', planBody(teacher.turmaId, `${label}-${i}`, lessons));
    return status;
  });
  const enqueueSeconds = (performance.now() - enqueueStarted) / 1000;
  const accepted = statuses.filter((s) => s === 202).length;

  const settings = {
    WORKER_CONCURRENCY: Number(workerEnv.WORKER_CONCURRENCY ?? DEFAULTS.WORKER_CONCURRENCY),
    LESSON_CONCURRENCY: Number(workerEnv.LESSON_CONCURRENCY ?? DEFAULTS.LESSON_CONCURRENCY),
  };
  const cpu0 = { machine: machineCpuSeconds(), pg: postgresCpuSeconds(stack.runId), api: processCpuSeconds(apiChild.pid) };
  const spawnedAt = Date.now();
  const started = await stack.startWorkers(workers, aiEnv(fake, workerEnv), process.env.BENCH_WORKER_NODE_ARGS?.split(' ') ?? []);
  let remaining = plans;
  const deadline = Date.now() + 300_000;
  while (remaining > 0 && Date.now() < deadline) {
    await sleep(200);
    const r = await sql.query(`select count(*)::int as n from planos_aula where user_id = $1 and generation_state in ('queued', 'running')`, [teacher.user.id]);
    remaining = r.rows[0].n;
  }
  const workerCpu = started.reduce((sum, w) => sum + processCpuSeconds(w.pid), 0);
  const cpu1 = { machine: machineCpuSeconds(), pg: postgresCpuSeconds(stack.runId), api: processCpuSeconds(apiChild.pid) };
  await stack.stopWorkers(started);

  const state = (
    await sql.query(
      `select (select count(*) from planos_aula where user_id = $1 and generation_state = 'done')::int as plans_done,
              (select count(*) from planos_aula where user_id = $1 and generation_state <> 'done')::int as plans_not_done,
              (select count(*) from planos_aula where user_id = $1 and credit_refunded)::int as refunded,
              (select count(*) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = $1 and a.generation_state = 'done' and jsonb_array_length(a.habilidade_codes) > 0)::int as lessons_done,
              (select count(*) from aulas a join planos_aula p on p.id = a.plano_id where p.user_id = $1)::int as lessons_stored,
              (select credits from users where id = $1)::int as credits,
              (select extract(epoch from max(finished_at)) * 1000 from planos_aula where user_id = $1)::float8 as last_finished`,
      [teacher.user.id],
    )
  ).rows[0];
  const perLesson = new Map();
  for (const call of fake.calls) {
    const tag = /\[([^\]]+)\]/.exec(call.text)?.[1];
    if (tag) perLesson.set(tag, (perLesson.get(tag) ?? 0) + 1);
  }
  const callCounts = [...perLesson.values()];
  const firstCall = Math.min(...fake.calls.map((c) => c.receivedAt));
  const seconds = (state.last_finished - firstCall) / 1000;
  const secondsFromSpawn = (state.last_finished - spawnedAt) / 1000;
  const machineSeconds = cpu1.machine.total - cpu0.machine.total;
  const slots = workers * settings.WORKER_CONCURRENCY * Math.min(settings.LESSON_CONCURRENCY, lessons);
  return {
    label,
    plans,
    lessons,
    latencyMs,
    workers,
    settings,
    accepted,
    enqueueSeconds,
    seconds,
    secondsFromSpawn,
    plansPerMinute: (plans / seconds) * 60,
    lessonsPerSecond: (plans * lessons) / seconds,
    // Upper bound set by the AI: `slots` calls in flight, each taking latencyMs.
    boundLessonsPerSecond: slots / (latencyMs / 1000),
    slots,
    ...state,
    creditsTaken: credits - state.credits,
    lessonsWithOneCall: callCounts.filter((n) => n === 1).length,
    lessonsWithSeveralCalls: callCounts.filter((n) => n > 1).length,
    aiCalls: fake.calls.length,
    failedCalls: fake.calls.filter((c) => c.outcome !== 'answer').length,
    cpu: {
      machineBusy: (cpu1.machine.busy - cpu0.machine.busy) / machineSeconds,
      workers: workerCpu / (secondsFromSpawn || 1),
      postgres: (cpu1.pg - cpu0.pg) / (secondsFromSpawn || 1),
      api: (cpu1.api - cpu0.api) / (secondsFromSpawn || 1),
      workerMsPerPlan: (workerCpu * 1000) / plans,
    },
  };
}

function printMany(r) {
  const lost = r.plans_not_done + (r.plans * r.lessons - r.lessons_done) + (r.plans * r.lessons - r.lessons_stored);
  console.log(
    `\n(${r.label}) ${r.plans} plans x ${r.lessons} lessons, AI latency ${r.latencyMs} ms, ${r.workers} workers, ` +
      `WORKER_CONCURRENCY=${r.settings.WORKER_CONCURRENCY}, LESSON_CONCURRENCY=${r.settings.LESSON_CONCURRENCY}`,
  );
  console.log(`  queued through the api: ${r.accepted} answered 202 in ${fmt(r.enqueueSeconds, 1)} s (no worker running)`);
  console.log(
    `  throughput: ${fmt(r.plansPerMinute)} plans/min, ${fmt(r.lessonsPerSecond, 1)} lessons/s over ${fmt(r.seconds, 1)} s ` +
      `(first AI call to last plan done; ${fmt(r.secondsFromSpawn, 1)} s counting the workers' start)`,
  );
  console.log(
    `  AI bound: ${r.slots} calls in flight / ${r.latencyMs} ms = ${fmt(r.boundLessonsPerSecond, 1)} lessons/s; reached ${fmt((100 * r.lessonsPerSecond) / r.boundLessonsPerSecond)}%`,
  );
  console.log(
    `  nothing lost: plans done ${r.plans_done}/${r.plans} (not done ${r.plans_not_done}), lessons done ${r.lessons_done}/${r.lessons_stored} stored (${r.plans * r.lessons} asked), ` +
      `lessons with exactly one AI call ${r.lessonsWithOneCall}/${r.plans * r.lessons} (more than one: ${r.lessonsWithSeveralCalls}), ` +
      `AI calls ${r.aiCalls} (not answered: ${r.failedCalls}), credits taken ${r.creditsTaken} for ${r.plans} plans, refunds ${r.refunded} -> ${lost === 0 && r.creditsTaken === r.plans && r.lessonsWithSeveralCalls === 0 ? 'OK' : 'PROBLEM'}`,
  );
  console.log(
    `  CPU while generating: machine ${fmt(r.cpu.machineBusy * 100)}% busy (2 cores = 100%), workers ${fmt(r.cpu.workers * 100)}% of a core ` +
      `(${fmt(r.cpu.workerMsPerPlan, 1)} ms per plan), postgres ${fmt(r.cpu.postgres * 100)}%, api ${fmt(r.cpu.api * 100)}% (socket.io relay)`,
  );
}

async function main() {
  const loadAtStart = loadAverage();
  const stack = await startBenchStack('generation');
  const fake = await startFakeAi({ latencyMs: 500 });
  stack.onStop(() => fake.close());
  try {
    const apiChild = await stack.startApi(aiEnv(fake));
    const sql = await sqlClient(stack.databaseUrl);
    stack.onStop(() => sql.end());
    console.log(`${machineInfo()}; load average at start ${loadAtStart}`);
    console.log(`product defaults: WORKER_CONCURRENCY=${DEFAULTS.WORKER_CONCURRENCY}, LESSON_CONCURRENCY=${DEFAULTS.LESSON_CONCURRENCY}`);

    if (parts.includes('a')) {
      for (const concurrency of [undefined, 15]) {
        const r = await singlePlan(stack, apiChild.url, sql, fake, 500, concurrency);
        console.log(
          `\n(a) one 15-lesson plan, AI latency ${r.latencyMs} ms, 1 worker, LESSON_CONCURRENCY=${r.lessonConcurrency}${concurrency === undefined ? ' (default)' : ''}: ` +
            `POST to done ${r.runs.map((t) => fmt(t)).join(' / ')} ms, median ${fmt(r.median)} ms -> ${fmt(r.ratio, 2)} x latency ` +
            `(${r.waves} wave${r.waves > 1 ? 's' : ''} of AI calls; target < 1.5: ${r.ratio < 1.5 ? 'MET' : 'MISSED'})`,
        );
      }
    }
    if (parts.includes('b')) {
      printMany(await manyPlans(stack, apiChild, sql, fake, { label: 'b', plans: 200, lessons: 5, latencyMs: 500, workers: 2 }));
    }
    if (parts.includes('c')) {
      // At 50 ms per AI call the bound is high (160 lessons/s), so this shows the machine's own ceiling; with 16 jobs
      // per worker the bound is 640/s; at 200 ms the AI bound (40/s) is below that ceiling and should be reached.
      for (const run of [
        { label: 'c', latencyMs: 50, workerEnv: {} },
        { label: 'c-16', latencyMs: 50, workerEnv: { WORKER_CONCURRENCY: '16' } },
        { label: 'c-200ms', latencyMs: 200, workerEnv: {} },
      ]) {
        printMany(await manyPlans(stack, apiChild, sql, fake, { plans: 1000, lessons: 1, workers: 2, ...run }));
      }
    }
    console.log(`\nload average at end ${loadAverage()}`);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
