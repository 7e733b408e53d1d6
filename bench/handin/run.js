// The period hand-in, as .docx and as PDF, timed from the request to the last byte through the built api, one worker,
// PostgreSQL and Redis on this machine. Two scenarios:
// - bimestre (issue 36, the default): a teacher whose 2026 calendar is split in bimestres, 4 plans of 5 lessons in the
//   2nd bimestre and 2 assessments of it with results (GET /api/turmas/{id}/periodos/2/export?ano=2026); goals: .docx
//   < 2 s, PDF < 6 s, PDF <= 4 MB.
// - trimestre (issue 26): 3 plans of 15 lessons in the 1st trimestre (GET /api/turmas/{id}/trimestres/1/export); goals:
//   .docx < 2 s, PDF < 5 s, PDF <= 4 MB.
// Written by the offline drafter. References in the same run: one plan's .docx (GET /api/planos/{id}/export), and
// LibreOffice converting the hand-in's .docx on its own (a fresh profile, as the worker does), the floor under the PDF.
//
//   npm run build && node bench/handin/run.js [runs=5] [bimestre|trimestre]
'use strict';
const { execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync, statSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { pathToFileURL } = require('node:url');
const { startBenchStack, registerUser, api, sqlClient, sleep, machineInfo, loadAverage, fmt } = require('../api/bench-stack');

const MB = 1024 * 1024;
const RUNS = Number(process.argv[2] ?? 5);
const SCENARIO = process.argv[3] ?? 'bimestre';
const SCENARIOS = {
  bimestre: { plans: 4, lessons: 5, assessments: 2, pdfGoalMs: 6000, path: (turmaId) => `/api/turmas/${turmaId}/periodos/2/export`, query: '&ano=2026', period: { periodo: 2 } },
  trimestre: { plans: 3, lessons: 15, assessments: 0, pdfGoalMs: 5000, path: (turmaId) => `/api/turmas/${turmaId}/trimestres/1/export`, query: '', period: { trimestre: 1 } },
};
const S = SCENARIOS[SCENARIO];
if (!S) throw new Error(`scenario: bimestre or trimestre, not ${SCENARIO}`);
const PLANS = S.plans;
const LESSONS = S.lessons;
const BIMESTRES_2026 = [
  { numero: 1, inicio: '2026-02-18', fim: '2026-04-30' },
  { numero: 2, inicio: '2026-05-04', fim: '2026-07-10' },
  { numero: 3, inicio: '2026-07-27', fim: '2026-09-30' },
  { numero: 4, inicio: '2026-10-01', fim: '2026-12-18' },
];

const PROMPTS = ['frações com receitas', 'medidas com trena', 'gráficos da turma', 'geometria no pátio', 'dinheiro no mercadinho', 'multiplicação com malha', 'probabilidade com dados', 'números decimais', 'área e perímetro', 'sequências'];
const SKILLS = ['EF05MA03', 'EF05MA08', 'EF05MA19', 'EF05MA17', 'EF05MA24'];

/** GET with the cookie, reading the whole body: { ms, bytes, status, body }. */
async function download(url, cookie) {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
  return { ms, bytes: body.length, body };
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const row = (name, times, bytes, goal) => ({
  what: name,
  runs: times.length,
  'median ms': fmt(median(times)),
  'max ms': fmt(Math.max(...times)),
  size: bytes >= MB ? `${fmt(bytes / MB, 2)} MB` : `${fmt(bytes / 1024, 1)} KB`,
  goal: goal ?? '',
});

async function main() {
  const loadAtStart = loadAverage();
  const stack = await startBenchStack('handin');
  const dir = mkdtempSync(join(tmpdir(), 'planejador-bench-handin-'));
  try {
    const apiChild = await stack.startApi();
    await stack.startWorkers(1);
    const sql = await sqlClient(stack.databaseUrl);
    stack.onStop(() => sql.end());
    console.log(`${machineInfo()}; load average at start ${loadAtStart}`);
    const teacher = await registerUser(apiChild.url, 'entrega@bench.test');
    await sql.query('update users set credits = 1000 where id = $1', [teacher.user.id]);
    const { body: turma } = await api(apiChild.url, teacher.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: '51', escola: 'EMEF Bench', ano: '5' });
    if (SCENARIO === 'bimestre') await api(apiChild.url, teacher.cookie, 'PUT', '/api/calendario', { ano: 2026, tipo: 'bimestre', periodos: BIMESTRES_2026 });
    const planIds = [];
    for (let p = 0; p < PLANS; p++) {
      const { body } = await api(apiChild.url, teacher.cookie, 'POST', '/api/planos/generate', {
        temaPrincipal: `Plano ${p + 1} do período`,
        turmaId: turma.id,
        materiaGeral: 'matematica',
        ...S.period,
        dataInicio: SCENARIO === 'bimestre' ? `2026-05-1${p + 1}` : `2026-03-0${p + 2}`,
        duracaoAulaMin: 50,
        aulas: Array.from({ length: LESSONS }, (_, i) => ({
          numeroAula: i + 1,
          materia: 'matematica',
          prompt: `${PROMPTS[(p + i) % PROMPTS.length]}, parte ${i + 1}`,
          habilidadesFixadas: [SKILLS[(p + i) % SKILLS.length]],
        })),
      });
      planIds.push(body.id);
      // One plan at a time: a teacher may have at most 3 generations at once (issue 34).
      for (;;) {
        const { rows } = await sql.query(`select count(*)::int as n from planos_aula where generation_state = 'done'`);
        if (rows[0].n >= planIds.length) break;
        await sleep(200);
      }
    }
    // The period's assessments (offline), each with results for its skills.
    for (let a = 0; a < S.assessments; a++) {
      const { body } = await api(apiChild.url, teacher.cookie, 'POST', `/api/turmas/${turma.id}/avaliacoes`, { ...S.period, ano: 2026, materia: 'matematica', questoesPorHabilidade: 2 + a });
      let avaliacao;
      for (;;) {
        avaliacao = (await api(apiChild.url, teacher.cookie, 'GET', `/api/avaliacoes/${body.id}`)).body;
        if (avaliacao.generation.state === 'done') break;
        if (avaliacao.generation.state === 'failed') throw new Error(`assessment failed: ${avaliacao.generation.error}`);
        await sleep(200);
      }
      const habilidades = avaliacao.habilidades.map((h, i) => ({ code: h.code, niveis: { naoDesenvolveu: i % 3, emDesenvolvimento: 5, desenvolveu: 12, desenvolveuPlenamente: 4 } }));
      await api(apiChild.url, teacher.cookie, 'PUT', `/api/avaliacoes/${body.id}/resultados`, { habilidades });
    }
    const { rows: lessons } = await sql.query(`select count(*)::int as n from aulas`);
    console.log(`scenario ${SCENARIO}: ${PLANS} plans, ${lessons[0].n} lessons, ${S.assessments} assessments with results; ${RUNS} timed runs of each after one warm-up`);

    const url = (formato) => `${apiChild.url}${S.path(turma.id)}?formato=${formato}${S.query}`;
    const results = { plan: [], docx: [], pdf: [], soffice: [] };
    const sizes = {};
    const once = async (key, target) => {
      const r = await download(target, teacher.cookie);
      sizes[key] = r.bytes;
      return r;
    };
    // One warm-up each (first render, first LibreOffice start on this machine's disk cache).
    await once('plan', `${apiChild.url}/api/planos/${planIds[0]}/export`);
    const docx = await once('docx', url('docx'));
    await once('pdf', url('pdf'));
    writeFileSync(join(dir, 'entrega.docx'), docx.body);
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, so a burst of load elsewhere touches every row alike.
      results.plan.push((await once('plan', `${apiChild.url}/api/planos/${planIds[0]}/export`)).ms);
      results.docx.push((await once('docx', url('docx'))).ms);
      results.pdf.push((await once('pdf', url('pdf'))).ms);
      const profile = join(dir, `perfil-${i}`);
      const start = performance.now();
      execFileSync('soffice', [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'entrega.docx')], { stdio: 'ignore', timeout: 60_000 });
      results.soffice.push(performance.now() - start);
      sizes.soffice = statSync(join(dir, 'entrega.pdf')).size;
      rmSync(profile, { recursive: true, force: true });
    }
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, 'entrega.pdf')], { encoding: 'utf8' }))?.[1] ?? 0);
    const met = (ok) => (ok ? 'MET' : 'MISSED');
    console.table([
      row(`reference: one plan .docx (${LESSONS} lessons)`, results.plan, sizes.plan),
      row(`hand-in .docx (${PLANS * LESSONS} lessons, ${S.assessments} assessments)`, results.docx, sizes.docx, `< 2 s: ${met(Math.max(...results.docx) < 2000)}`),
      row(`hand-in PDF (${PLANS * LESSONS} lessons, ${S.assessments} assessments)`, results.pdf, sizes.pdf, `< ${S.pdfGoalMs / 1000} s: ${met(Math.max(...results.pdf) < S.pdfGoalMs)}; <= 4 MB: ${met(sizes.pdf <= 4 * MB)}`),
      row('reference: soffice alone on that .docx', results.soffice, sizes.soffice),
    ]);
    console.log(`PDF pages: ${pages}; load average at end ${loadAverage()}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
