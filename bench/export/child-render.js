// The render caps (issue 34): each document is rendered by the worker in a child process with a heap cap
// (RENDER_MEMORY_MB) and a time limit (RENDER_TIMEOUT_MS). Time (fork to bytes back) and the child's peak RSS of the
// largest plan a teacher can make (15 lessons, every text field at 20,000 characters and 300 lines), of a 40-plan
// hand-in of ordinary 15-lesson plans, and of a 40-plan hand-in of the largest plans (past the default cap: it must
// fail alone); the worker's own RSS before and after, which must not grow with the document.
//
//   npm run build:server && node bench/export/child-render.js [runs=3]
'use strict';
const { performance } = require('node:perf_hooks');
const { loadSettings } = require('../../libs/config/dist');
const { LIMITS } = require('../../libs/contracts/dist');
const { samplePlanDocument } = require('../../libs/documents/dist');
const { DocumentRenderer } = require('../../worker/dist/export/document-renderer');

const MB = 1024 * 1024;
const RUNS = Number(process.argv[2] ?? 3);
const FIELDS = ['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'];

/** A lesson text at both caps: 300 lines, 20,000 characters (as api/test/largest-plan.ts makes it). */
function textAtCaps(seed) {
  const lines = Array.from({ length: LIMITS.lessonFieldLinesMax }, (_, i) => `${seed} ${i + 1}: frações, medidas e gráficos no cotidiano da turma`.padEnd(65, '.').slice(0, 65));
  const text = lines.join('\n');
  return text + 'x'.repeat(LIMITS.lessonFieldMax - text.length);
}

function largestPlan(n = 0) {
  const plan = samplePlanDocument(LIMITS.aulasMax, {}, 5);
  return { ...plan, temaPrincipal: `Plano ${n + 1}`, aulas: plan.aulas.map((a) => ({ ...a, ...Object.fromEntries(FIELDS.map((f) => [f, textAtCaps(`${f} ${a.numeroAula}`)])) })) };
}

function handin(planos) {
  const first = planos[0];
  return { escola: first.escola, professor: first.professor, turma: first.turma, ano: first.ano, instituicao: first.instituicao, trimestre: 1, anoLetivo: 2026, resumo: [], planos };
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function measure(renderer, what, request) {
  const times = [];
  const peaks = [];
  let outcome = '';
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    try {
      const bytes = await renderer.render(request);
      outcome = `${(bytes.length / 1024).toFixed(0)} KB .docx`;
    } catch (err) {
      outcome = `failed: ${err.message}`;
    }
    times.push(performance.now() - start);
    peaks.push(renderer.lastPeakRssMb ?? NaN);
  }
  return { what, runs: RUNS, 'median ms': Math.round(median(times)), 'max ms': Math.round(Math.max(...times)), 'child peak RSS MB': Number.isNaN(peaks[0]) ? 'at cap' : Math.max(...peaks), outcome };
}

async function main() {
  const settings = loadSettings({ ...process.env, LOG_LEVEL: 'silent' });
  const renderer = new DocumentRenderer(settings);
  // The child's peak RSS, as it reports it with its document (the worker logs the same figure).
  const log = renderer.logger;
  log.log = (fields) => (renderer.lastPeakRssMb = fields.peakRssMb);
  log.warn = () => (renderer.lastPeakRssMb = undefined);
  renderer.onModuleInit();
  const cpus = require('node:os').cpus();
  console.log(`${cpus.length} x ${cpus[0].model}; Node ${process.version}; load average ${require('node:os').loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`RENDER_MEMORY_MB ${settings.RENDER_MEMORY_MB}, render time limit ${settings.RENDER_TIMEOUT_MS ?? Math.floor(settings.EXPORT_TIMEOUT_MS * 0.8)} ms; ${RUNS} runs each`);
  const rssBefore = process.memoryUsage().rss / MB;
  const rows = [];
  const largest = largestPlan();
  rows.push(await measure(renderer, 'largest allowed plan (15 lessons at the caps, 1.5 M chars)', { kind: 'plan', doc: largest }));
  rows.push(await measure(renderer, 'hand-in of 40 ordinary 15-lesson plans', { kind: 'handin', doc: handin(Array.from({ length: 40 }, (_, i) => ({ ...samplePlanDocument(15, {}, 5), temaPrincipal: `Plano ${i + 1}` }))) }));
  rows.push(await measure(renderer, 'hand-in of 40 largest plans (60 M chars)', { kind: 'handin', doc: handin(Array.from({ length: 40 }, (_, i) => largestPlan(i))) }));
  renderer.onApplicationShutdown();
  console.table(rows);
  console.log(`worker (this process) RSS: ${rssBefore.toFixed(0)} MB before, ${(process.memoryUsage().rss / MB).toFixed(0)} MB after (the documents themselves are built here)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
