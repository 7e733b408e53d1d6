// Lesson generation through the real openai client against the fake OpenAI-compatible server (real HTTP).
// Shows that a plan's lessons run in parallel (wall time ~ slowest lesson x waves), what retries cost, and
// that the fake server itself is not the bottleneck of other benchmarks.
//
//   npx tsc -b libs/ai && npx tsc -b libs/testing; node bench/generation/fake-ai-lessons.js [latencyMs=300]
'use strict';
const { OpenAiLessonGenerator, generateWithRetry } = require('../../libs/ai/dist');
const { startFakeAi } = require('../../libs/testing/dist/fake-ai');

const LATENCY = Number(process.argv[2] ?? 300);

const candidates = [
  {
    code: 'EF05MA03',
    description:
      'Identificar e representar frações (menores e maiores que a unidade), associando-as ao resultado de uma divisão ou à ideia de parte de um todo, utilizando a reta numérica como recurso.',
    unit: 'Números',
    field: null,
    knowledgeObjects: ['Representação fracionária dos números racionais: reconhecimento, significados, leitura e representação na reta numérica'],
    score: 10,
  },
  {
    code: 'EF05MA04',
    description: 'Identificar frações equivalentes.',
    unit: 'Números',
    field: null,
    knowledgeObjects: ['Comparação e ordenação de números racionais na representação decimal e na fracionária utilizando a noção de equivalência'],
    score: 9,
  },
];

function lesson(n) {
  return {
    plano: { temaPrincipal: 'Frações', materiaGeral: 'matematica', limitOneSkill: false, preferirSeduc: true, nivelDetalhamento: 3 },
    turma: { ano: '5', numero: '51', escola: 'EMEF Bench', observacoesAdicionais: null },
    aula: { numeroAula: n, materia: 'matematica', prompt: `Aula ${n} de frações com material concreto` },
    candidates,
  };
}

/** Runs tasks with at most `limit` at once (what the worker's LESSON_CONCURRENCY does). */
async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]);
    }
  });
  await Promise.all(runners);
  return results;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function plan(fake, generator, { lessons, concurrency, failures }) {
  fake.reset();
  fake.setLatency(LATENCY);
  if (failures) {
    // Lessons 2 and 7 get a 429 with Retry-After 500 ms; lesson 11 two 500s; lesson 14 an invented code.
    fake.script(
      { match: 'Aula 2 de', status: 429, headers: { 'retry-after-ms': '500' } },
      { match: 'Aula 7 de', status: 429, headers: { 'retry-after-ms': '500' } },
      { match: 'Aula 11 de', status: 500, times: 2 },
      { match: 'Aula 14 de', content: { habilidades: ['EF99XX99'], objetivos: 'x', objetosConhecimento: 'x', experiencias: 'x', evidencias: 'x' } },
    );
  }
  let retries = 0;
  const perLesson = [];
  const started = performance.now();
  await pool(
    Array.from({ length: lessons }, (_, i) => i + 1),
    concurrency,
    async (n) => {
      const t = performance.now();
      await generateWithRetry(generator, lesson(n), {
        attempts: 4,
        baseDelayMs: 250,
        timeoutMs: 10_000,
        onRetry: () => retries++,
      });
      perLesson.push(performance.now() - t);
    },
  );
  const wall = performance.now() - started;
  perLesson.sort((a, b) => a - b);
  return { wall, p50: pct(perLesson, 50), max: perLesson[perLesson.length - 1], retries, calls: fake.calls.length };
}

async function rawThroughput(fake, requests, concurrency) {
  fake.reset();
  fake.setLatency(0);
  const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'oi' }] });
  const started = performance.now();
  await pool(Array.from({ length: requests }), concurrency, async () => {
    const r = await fetch(`${fake.url}/chat/completions`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    await r.arrayBuffer();
  });
  return requests / ((performance.now() - started) / 1000);
}

async function main() {
  const fake = await startFakeAi();
  const generator = new OpenAiLessonGenerator({ apiKey: 'sk-bench', baseURL: fake.url, model: 'fake-model', timeoutMs: 10_000 });
  await plan(fake, generator, { lessons: 3, concurrency: 3 }); // warm-up
  const rows = [];
  for (const scenario of [
    { lessons: 15, concurrency: 1 },
    { lessons: 15, concurrency: 5 },
    { lessons: 15, concurrency: 15 },
    { lessons: 15, concurrency: 5, failures: true },
  ]) {
    const r = await plan(fake, generator, scenario);
    rows.push({ ...scenario, ...r });
  }
  const fmt = (n) => n.toFixed(0);
  console.log(`fake AI latency ${LATENCY} ms per call; 15-lesson plan, attempts 4, base backoff 250 ms`);
  console.log('| lessons | concurrency | failures | wall ms | lesson p50 ms | lesson max ms | retries | HTTP calls |');
  console.log('|--------:|------------:|:---------|--------:|--------------:|--------------:|--------:|-----------:|');
  for (const r of rows) {
    console.log(
      `| ${r.lessons} | ${r.concurrency} | ${r.failures ? '2x429, 2x500, 1 invented code' : 'none'} | ${fmt(r.wall)} | ${fmt(r.p50)} | ${fmt(r.max)} | ${r.retries} | ${r.calls} |`,
    );
  }
  const rps = await rawThroughput(fake, 2000, 50);
  console.log(`fake server alone (latency 0, 50 concurrent clients): ${fmt(rps)} requests/s`);
  await fake.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
