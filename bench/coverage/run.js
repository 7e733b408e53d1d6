// A class's coverage (GET /api/turmas/{id}/cobertura) with 50 finished plans of 10 lessons: the built api and one
// worker (offline drafter), PostgreSQL and Redis on this machine. 20 warm-up requests, then 500 one after another;
// prints p50, p95 and p99 (goal: p95 under 50 ms) and the PostgreSQL plan of the one coverage statement.
//
//   npm run build && node bench/coverage/run.js
'use strict';
const { startBenchStack, registerUser, api, sqlClient, sleep, machineInfo, loadAverage, fmt, requireBuilt } = require('../api/bench-stack');

const PLANS = 50;
const LESSONS = 10;
const REQUESTS = 500;

const PROMPTS = ['frações com receitas', 'medidas com trena', 'gráficos da turma', 'geometria no pátio', 'dinheiro no mercadinho', 'multiplicação com malha', 'probabilidade com dados', 'números decimais', 'área e perímetro', 'sequências'];

async function main() {
  const loadAtStart = loadAverage();
  const stack = await startBenchStack('coverage');
  try {
    const apiChild = await stack.startApi();
    await stack.startWorkers(1);
    const sql = await sqlClient(stack.databaseUrl);
    stack.onStop(() => sql.end());
    console.log(`${machineInfo()}; load average at start ${loadAtStart}`);
    const teacher = await registerUser(apiChild.url, 'cobertura@bench.test');
    await sql.query('update users set credits = 1000 where id = $1', [teacher.user.id]);
    const { body: turma } = await api(apiChild.url, teacher.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: '51', escola: 'EMEF Bench', ano: '5' });
    for (let p = 0; p < PLANS; p++) {
      await api(apiChild.url, teacher.cookie, 'POST', '/api/planos/generate', {
        temaPrincipal: `Plano ${p}`,
        turmaId: turma.id,
        materiaGeral: 'matematica',
        trimestre: (p % 3) + 1,
        aulas: Array.from({ length: LESSONS }, (_, i) => ({ numeroAula: i + 1, materia: 'matematica', prompt: `${PROMPTS[(p + i) % PROMPTS.length]} ${p}-${i}` })),
      });
    }
    for (;;) {
      const { rows } = await sql.query(`select count(*)::int as n from planos_aula where generation_state = 'done'`);
      if (rows[0].n >= PLANS) break;
      await sleep(200);
    }
    const path = `/api/turmas/${turma.id}/cobertura`;
    for (let i = 0; i < 20; i++) await api(apiChild.url, teacher.cookie, 'GET', path);
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await api(apiChild.url, teacher.cookie, 'GET', path);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q) => times[Math.min(times.length - 1, Math.floor(times.length * q))];
    console.log(
      `GET /api/turmas/{id}/cobertura, ${PLANS} plans x ${LESSONS} lessons, ${REQUESTS} requests in sequence: ` +
        `p50 ${fmt(at(0.5), 1)} ms, p95 ${fmt(at(0.95), 1)} ms, p99 ${fmt(at(0.99), 1)} ms (goal p95 < 50 ms: ${at(0.95) < 50 ? 'MET' : 'MISSED'})`,
    );
    const { TURMA_COBERTURA_SQL } = requireBuilt('libs/db/dist');
    const { coberturaScopes } = requireBuilt('libs/curriculum/dist');
    const { rows: plan } = await sql.query(`explain (analyze, buffers) ${TURMA_COBERTURA_SQL}`, [turma.id, teacher.user.id, JSON.stringify(coberturaScopes())]);
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
