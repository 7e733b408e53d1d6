// A class's coverage (GET /api/turmas/{id}/cobertura) with 50 finished plans of 10 lessons and an assessment per
// trimestre (issue 26: `avaliada`): the built api and one worker (offline drafter), PostgreSQL and Redis on this
// machine. 20 warm-up requests, then 500 one after another; prints p50, p95 and p99 (goal: p95 under 50 ms), the
// same statement run straight on PostgreSQL in the same run (the floor under the route), and its plan.
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
    // An assessment of each trimestre's covered Matemática skills (offline drafter), finished.
    let assessments = 0;
    for (const trimestre of [1, 2, 3]) {
      const res = await api(apiChild.url, teacher.cookie, 'POST', `/api/turmas/${turma.id}/avaliacoes`, { trimestre, materia: 'matematica', questoesPorHabilidade: 1 }, [202, 400]);
      if (res.status === 202) assessments++;
    }
    for (;;) {
      const { rows } = await sql.query(`select count(*)::int as n from avaliacoes where generation_state = 'done'`);
      if (rows[0].n >= assessments) break;
      await sleep(200);
    }
    const { rows: assessed } = await sql.query(`select count(distinct h.value->>'code')::int as n from avaliacoes a cross join lateral jsonb_array_elements(a.habilidades) h(value)`);
    console.log(`${PLANS} plans x ${LESSONS} lessons, ${assessments} assessments covering ${assessed[0].n} skills`);
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
      `GET /api/turmas/{id}/cobertura, ${PLANS} plans x ${LESSONS} lessons + ${assessments} assessments, ${REQUESTS} requests in sequence: ` +
        `p50 ${fmt(at(0.5), 1)} ms, p95 ${fmt(at(0.95), 1)} ms, p99 ${fmt(at(0.99), 1)} ms (goal p95 < 50 ms: ${at(0.95) < 50 ? 'MET' : 'MISSED'})`,
    );
    const { TURMA_COBERTURA_SQL } = requireBuilt('libs/db/dist');
    const { coberturaScopes } = requireBuilt('libs/curriculum/dist');
    // Reference in the same run: the route's one statement straight on PostgreSQL (no HTTP, no session, no JSON out).
    const floor = [];
    const values = [turma.id, teacher.user.id, JSON.stringify(coberturaScopes())];
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      await sql.query({ name: 'cobertura-floor', text: TURMA_COBERTURA_SQL, values });
      floor.push(performance.now() - start);
    }
    floor.sort((a, b) => a - b);
    const atFloor = (q) => floor[Math.min(floor.length - 1, Math.floor(floor.length * q))];
    console.log(`reference, the statement alone on PostgreSQL: p50 ${fmt(atFloor(0.5), 1)} ms, p95 ${fmt(atFloor(0.95), 1)} ms; load average at end ${loadAverage()}`);
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
