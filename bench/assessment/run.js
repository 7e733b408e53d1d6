// An assessment of 6 skills written side by side (issue 36): the built api and one worker process, the fake
// OpenAI-compatible server streaming at a model's pace (400 ms to the first token, then 40 tokens a second; each
// skill's answer about 3,300 characters, some 830 tokens, as a real one of 2 questions and 4 descriptors),
// PostgreSQL and Redis on this machine. Per run: from the POST /api/turmas/{id}/avaliacoes to its 'done' event over
// socket.io, against the slowest skill's AI call of that same run (received to its last chunk sent). Goal: within
// 1.2 x (decisions.md: "takes about as long as its slowest skill"). One warm-up, then RUNS runs.
// LESSON_CONCURRENCY=1 in the environment writes the skills one after another, as before issue 36 (for comparison).
//
//   npm run build && node bench/assessment/run.js          (RUNS=3)
'use strict';
const { io } = require('socket.io-client');
const { startBenchStack, registerUser, api, sqlClient, machineInfo, loadAverage, requireBuilt, fmt } = require('../api/bench-stack');

const { startFakeAi } = requireBuilt('libs/testing/dist/fake-ai');

const TTFT_MS = 400;
const TOKENS_PER_SECOND = 40;
const RUNS = Number(process.env.RUNS ?? 3);
const CODES = ['EF05MA01', 'EF05MA02', 'EF05MA03', 'EF05MA04', 'EF05MA05', 'EF05MA06'];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A skill's answer of a real one's size: 2 multiple-choice questions with their explanations, 4 descriptors. */
function answer() {
  const longer = (text, times) => Array.from({ length: times }, () => text).join(' ');
  const questao = (n) => ({
    tipo: 'multipla',
    enunciado: longer(`Questão ${n}: observe a situação da turma, que dividiu as frutas do lanche em partes iguais entre os grupos, e responda com atenção.`, 4),
    alternativas: ['Cada grupo recebe um quarto das frutas.', 'Cada grupo recebe um terço das frutas.', 'Cada grupo recebe metade das frutas.', 'Cada grupo recebe todas as frutas.'].map((a) => `${a} (${n})`),
    correta: n % 4,
    respostaEsperada: longer('A divisão em partes iguais mostra a fração que cada grupo recebe do total de frutas do lanche.', 4),
  });
  const descritor = (nivel) => longer(`${nivel}: o estudante reconhece, representa e compara frações em situações do cotidiano da turma.`, 2);
  return {
    questoes: [questao(1), questao(2)],
    rubrica: { naoDesenvolveu: descritor('Não desenvolveu'), emDesenvolvimento: descritor('Em desenvolvimento'), desenvolveu: descritor('Desenvolveu'), desenvolveuPlenamente: descritor('Desenvolveu plenamente') },
  };
}

function connectSocket(apiUrl, cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(apiUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function assessment(apiUrl, teacher, socket, fake) {
  const firstCall = fake.calls.length;
  let deltas = 0;
  const onSkill = () => deltas++;
  socket.on('assessment:skill', onSkill);
  try {
    const started = Date.now();
    const { body: created } = await api(apiUrl, teacher.cookie, 'POST', `/api/turmas/${teacher.turmaId}/avaliacoes`, { trimestre: 1, materia: 'matematica', habilidades: CODES });
    const doneAt = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('assessment not done in 300 s')), 300_000);
      const onEvent = (event) => {
        if (event.avaliacaoId !== created.id || (event.type !== 'done' && event.type !== 'failed')) return;
        clearTimeout(timer);
        socket.off('assessment:progress', onEvent);
        if (event.type === 'failed') reject(new Error(`assessment failed: ${event.error}`));
        else resolve(Date.now());
      };
      socket.on('assessment:progress', onEvent);
    });
    const calls = fake.calls.slice(firstCall);
    if (calls.length !== CODES.length || calls.some((c) => !c.finishedAt)) throw new Error(`${calls.length} AI calls, expected ${CODES.length} answered`);
    const slowest = Math.max(...calls.map((c) => c.finishedAt - c.receivedAt));
    const sum = calls.reduce((total, c) => total + (c.finishedAt - c.receivedAt), 0);
    return {
      total: doneAt - started,
      slowest,
      sum,
      firstCall: Math.min(...calls.map((c) => c.receivedAt)) - started,
      lastCall: Math.max(...calls.map((c) => c.receivedAt)) - started,
      afterLast: doneAt - Math.max(...calls.map((c) => c.finishedAt)),
      deltas,
    };
  } finally {
    socket.off('assessment:skill', onSkill);
  }
}

async function main() {
  const concurrency = process.env.LESSON_CONCURRENCY;
  console.log(
    `assessment of ${CODES.length} skills: fake AI ${TTFT_MS} ms to the first token, ${TOKENS_PER_SECOND} tokens/s, ${JSON.stringify(answer()).length} characters an answer; ` +
      `LESSON_CONCURRENCY=${concurrency ?? 'default'}; ${machineInfo()}; load ${loadAverage()}`,
  );
  const stack = await startBenchStack('assessment');
  try {
    const fake = await startFakeAi({ latencyMs: TTFT_MS, tokensPerSecond: TOKENS_PER_SECOND });
    stack.onStop(() => fake.close());
    fake.script({ match: 'para avaliar a habilidade', times: 100_000, content: answer() });
    const env = {
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODEL: 'fake-model',
      OPENAI_TIMEOUT_MS: '120000',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ...(concurrency ? { LESSON_CONCURRENCY: concurrency } : {}),
    };
    const apiChild = await stack.startApi(env);
    await stack.startWorkers(1, env);
    const sql = await sqlClient(stack.databaseUrl);
    sql.on('error', () => undefined);
    const teacher = await registerUser(apiChild.url, 'avaliacao@bench.test');
    await sql.query('update users set credits = 100 where id = $1', [teacher.user.id]);
    await sql.end();
    const { body: turma } = await api(apiChild.url, teacher.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: '51', escola: 'EMEF Bench', ano: '5' });
    const socket = await connectSocket(apiChild.url, teacher.cookie);
    const rows = [];
    try {
      for (let i = 0; i <= RUNS; i++) {
        const row = await assessment(apiChild.url, { ...teacher, turmaId: turma.id }, socket, fake);
        console.log(
          `  ${i === 0 ? 'warm-up' : `run ${i}`}: POST to 'done' ${fmt(row.total)} ms, slowest skill's call ${fmt(row.slowest)} ms (${fmt(row.total / row.slowest, 3)} x); ` +
            `the six calls one after another would take ${fmt(row.sum)} ms; calls received ${fmt(row.firstCall)}-${fmt(row.lastCall)} ms after the POST; ` +
            `'done' ${fmt(row.afterLast)} ms after the last answer; ${row.deltas} skill deltas`,
        );
        if (i > 0) rows.push(row);
      }
    } finally {
      socket.close();
    }
    const ratio = median(rows.map((r) => r.total / r.slowest));
    console.log(
      `assessment of ${CODES.length} skills, POST to 'done' over the slowest skill's call, ${RUNS} runs: median ${fmt(ratio, 3)} x (goal <= 1.2 x: ${ratio <= 1.2 ? 'met' : 'MISSED'}); ` +
        `median total ${fmt(median(rows.map((r) => r.total)))} ms, slowest call ${fmt(median(rows.map((r) => r.slowest)))} ms`,
    );
  } finally {
    await stack.stop();
  }
  console.log(`load ${loadAverage()}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
