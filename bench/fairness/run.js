// Fairness of the generation queue (issue 29): 50 teachers each ask for a 5-lesson plan while one account has
// queued 35 plans and its regenerations; 2 worker processes, the fake AI at 2 s a lesson. The figure is the wait of
// each of the 50 teachers' first lesson (from the moment the workers start to the AI's first call for that plan),
// p50 and p95, and the same 50 teachers alone in the same run as the reference (the ratio).
//
//   npm run build && node bench/fairness/run.js [workerConcurrency]     (default: 25 jobs per worker process)
// Everything is queued through the api with no worker running, then the workers start: "at once".
'use strict';
const { startBenchStack, registerUser, api, pool, sqlClient, sleep, machineInfo, loadAverage, requireBuilt } = require('../api/bench-stack');

const { startFakeAi } = requireBuilt('libs/testing/dist/fake-ai');

const LESSON_MS = 2000;
const TEACHERS = 50;
const HEAVY_PLANS = 35;
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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function waitAllDone(sql, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await sql.query(`select count(*)::int as n from planos_aula where generation_state in ('queued', 'running')`);
    if (rows[0].n === 0) return;
    await sleep(250);
  }
  throw new Error('plans not done in time');
}

/** One round: the heavy account's volume (or none), then the 50 teachers, then 2 workers; the teachers' waits. */
async function round(label, withHeavy) {
  const fake = await startFakeAi({ latencyMs: 20 });
  const stack = await startBenchStack(`fair_${withHeavy ? 'h' : 'n'}`);
  stack.onStop(() => fake.close());
  const env = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model', OPENAI_TIMEOUT_MS: '30000', WORKER_CONCURRENCY: String(concurrency) };
  try {
    const apiProcess = await stack.startApi(env);
    const sql = await sqlClient(stack.databaseUrl);
    let regenerations = 0;
    if (withHeavy) {
      const heavy = await newTeacher(apiProcess.url, sql, 'pesado@bench.test', 1000);
      // Three done plans to regenerate lessons of (fast AI), then the volume queued with no worker running.
      const warm = await stack.startWorkers(1, env);
      const done = [];
      for (let i = 0; i < 3; i++) done.push((await api(apiProcess.url, heavy.cookie, 'POST', '/api/planos/generate', planBody(heavy.turmaId, `pronto${i}`, 5))).body.id);
      await waitAllDone(sql, 60_000);
      await stack.stopWorkers(warm);
      for (const id of done) {
        const { body: plan } = await api(apiProcess.url, heavy.cookie, 'GET', `/api/planos/${id}`);
        for (const aula of plan.aulas) {
          const res = await fetch(`${apiProcess.url}/api/planos/${id}/aulas/${aula.id}/regenerar`, {
            method: 'POST',
            headers: { cookie: heavy.cookie, 'content-type': 'application/json', origin: apiProcess.url },
            body: JSON.stringify({ instrucao: 'mais prática' }),
          });
          if (res.status === 202) regenerations++;
        }
      }
      for (let i = 0; i < HEAVY_PLANS; i++) await api(apiProcess.url, heavy.cookie, 'POST', '/api/planos/generate', planBody(heavy.turmaId, `pesado${i}`, 15));
    }
    const teachers = await pool(Array.from({ length: TEACHERS }, (_, i) => i), 8, (i) => newTeacher(apiProcess.url, sql, `prof${i}@bench.test`, 10));
    for (const [i, t] of teachers.entries()) await api(apiProcess.url, t.cookie, 'POST', '/api/planos/generate', planBody(t.turmaId, `prof${i}`, 5));
    fake.reset();
    fake.setLatency(LESSON_MS);
    const startedAt = Date.now();
    await stack.startWorkers(2, env);
    const ready = Date.now();
    await waitAllDone(sql, 20 * 60_000);
    const waits = teachers.map((_, i) => {
      const first = fake.calls.find((c) => c.text.includes(`[prof${i}-`));
      return first ? first.receivedAt - ready : Infinity;
    });
    await sql.end();
    return { label, regenerations, startMs: ready - startedAt, p50: percentile(waits, 50), p95: percentile(waits, 95), max: Math.max(...waits) };
  } finally {
    await stack.stop();
  }
}

async function main() {
  console.log(`fairness: ${TEACHERS} teachers x 5 lessons, heavy account ${HEAVY_PLANS} plans x 15 lessons + regenerations, 2 workers x ${concurrency} jobs, AI ${LESSON_MS} ms a lesson`);
  console.log(machineInfo(), `load ${loadAverage()}`);
  const alone = await round('50 teachers alone', false);
  const shared = await round('50 teachers + heavy account', true);
  for (const r of [alone, shared]) {
    console.log(`${r.label.padEnd(30)} first-lesson wait p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms (regenerations queued ${r.regenerations})`);
  }
  console.log(`p95 with the heavy account / alone: ${(shared.p95 / Math.max(1, alone.p95)).toFixed(2)}; goal p95 < ${LESSON_MS + 1000} ms`);
  console.log(`load ${loadAverage()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
