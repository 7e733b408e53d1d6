// Shared by run.js (api and socket) and browser.js (Chromium): the built api and one worker process on a database
// and Redis prefix of their own, the fake OpenAI-compatible server, and a teacher with credits and a finished
// 3-lesson plan (5º ano, Matemática) whose lessons the benchmark regenerates.
'use strict';
const { startBenchStack, registerUser, api, sqlClient, sleep, requireBuilt } = require('../api/bench-stack');

const { startFakeAi } = requireBuilt('libs/testing/dist/fake-ai');
const { setUserCredits } = requireBuilt('libs/db/dist');

/** The AI latencies to measure: the command line's numbers, else 500 and 2000 ms. */
function latenciesFromArgs(argv = process.argv.slice(2)) {
  const latencies = argv.map(Number).filter((n) => n > 0);
  return latencies.length ? latencies : [500, 2000];
}

/**
 * Starts the stack and makes the plan (the fake AI answers at 50 ms meanwhile; set its latency afterwards).
 * Returns { stack, fake, apiUrl, teacher, plan }; `stack.stop()` ends everything, the fake AI included.
 */
async function startRegenerationStack() {
  const stack = await startBenchStack('regeneration');
  try {
    const fake = await startFakeAi({ latencyMs: 50 });
    stack.onStop(() => fake.close());
    const env = { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: fake.url, OPENAI_MODEL: 'fake-model', OPENAI_TIMEOUT_MS: '30000' };
    const apiChild = await stack.startApi(env);
    await stack.startWorkers(1, env);
    const apiUrl = apiChild.url;
    const teacher = await registerUser(apiUrl, 'regenera@bench.test');
    // After the 3 free regenerations of a lesson each one takes a credit.
    const sql = await sqlClient(stack.databaseUrl);
    try {
      await setUserCredits(sql, teacher.user.id, 1000);
    } finally {
      await sql.end();
    }
    const { body: turma } = await api(apiUrl, teacher.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: '51', escola: 'EMEF Bench', ano: '5' });
    const { body: created } = await api(apiUrl, teacher.cookie, 'POST', '/api/planos/generate', {
      temaPrincipal: 'Frações',
      turmaId: turma.id,
      materiaGeral: 'matematica',
      aulas: [1, 2, 3].map((n) => ({ numeroAula: n, materia: 'matematica', prompt: `Aula ${n}: bingo das frações com material concreto` })),
    });
    let plan;
    for (;;) {
      plan = (await api(apiUrl, teacher.cookie, 'GET', `/api/planos/${created.id}`)).body;
      if (plan.generation.state === 'done') break;
      if (plan.generation.state === 'failed') throw new Error(`the plan failed: ${JSON.stringify(plan.generation)}`);
      await sleep(100);
    }
    return { stack, fake, apiUrl, teacher, plan };
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** The sorted times, their median and their p95. */
function summary(times) {
  const sorted = times.slice().sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  // Nearest rank: the smallest time at or above 95% of the runs (with 10 runs, the slowest).
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
  return { sorted, median, p95 };
}

module.exports = { latenciesFromArgs, startRegenerationStack, summary };
