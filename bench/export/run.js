// Time and memory to render a plan to .docx, for 1, 5, 10 and 15 lessons with long texts (detail 5), and for
// 15 lessons with every field at the api's maximum length.
// Each size runs in its own Node process, so peak RSS belongs to that size alone.
// Run from the repository root: npx tsc -b libs/contracts libs/documents && node bench/export/run.js [runs=20]
'use strict';
const { execFileSync } = require('node:child_process');
const { performance } = require('node:perf_hooks');

// 'max' = 15 lessons with every field at the longest text the api accepts (LIMITS.lessonFieldMax / promptMax).
const SIZES = ['1', '5', '10', '15', 'max'];
const MB = 1024 * 1024;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Child: renders one size `runs` times (after a cold first run) and prints its figures as JSON. */
function fillTo(text, max) {
  let out = text;
  while (out.length + text.length + 1 <= max) out += `\n${text}`;
  return out;
}

function planFor(size) {
  const { samplePlanDocument } = require('../../libs/documents/dist');
  const { LIMITS } = require('../../libs/contracts/dist');
  if (size !== 'max') return samplePlanDocument(Number(size), {}, 5);
  const plan = samplePlanDocument(LIMITS.aulasMax, {}, 5);
  const fields = ['habilidades', 'objetivos', 'objetosConhecimento', 'experiencias', 'evidencias'];
  const aulas = plan.aulas.map((lesson) => ({
    ...lesson,
    prompt: fillTo(lesson.prompt, LIMITS.promptMax),
    ...Object.fromEntries(fields.map((f) => [f, fillTo(lesson[f], LIMITS.lessonFieldMax)])),
  }));
  return { ...plan, aulas };
}

async function measure(size, runs) {
  const { renderPlanDocx } = require('../../libs/documents/dist');
  const plan = planFor(size);
  const lessons = size === 'max' ? `${plan.aulas.length} (max texts)` : plan.aulas.length;
  global.gc();
  const baseline = process.memoryUsage();
  const coldStart = performance.now();
  let buffer = await renderPlanDocx(plan);
  const coldMs = performance.now() - coldStart;
  const times = [];
  let peakHeap = process.memoryUsage().heapUsed;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    buffer = await renderPlanDocx(plan);
    times.push(performance.now() - start);
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
  const textChars = plan.aulas.reduce(
    (sum, l) => sum + l.prompt.length + l.habilidades.length + l.objetivos.length + l.objetosConhecimento.length + l.experiencias.length + l.evidencias.length,
    0,
  );
  process.stdout.write(
    JSON.stringify({
      lessons,
      textChars,
      docxKb: buffer.length / 1024,
      coldMs,
      medianMs: median(times),
      p95Ms: percentile(times, 95),
      heapDeltaMb: (peakHeap - baseline.heapUsed) / MB,
      peakRssMb: (process.resourceUsage().maxRSS * 1024) / MB,
    }),
  );
}

function main() {
  const runs = Number(process.argv[2] ?? 20);
  const rows = SIZES.map((size) =>
    JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', __filename, '--child', size, String(runs)], {
        encoding: 'utf8',
      }),
    ),
  );
  console.log(`renderPlanDocx, ${runs} runs per size after one cold run; Node ${process.version}`);
  console.table(
    rows.map((r) => ({
      lessons: r.lessons,
      'text chars': r.textChars,
      'docx KB': r.docxKb.toFixed(1),
      'cold ms': r.coldMs.toFixed(1),
      'median ms': r.medianMs.toFixed(1),
      'p95 ms': r.p95Ms.toFixed(1),
      'heap delta MB': r.heapDeltaMb.toFixed(1),
      'peak RSS MB': r.peakRssMb.toFixed(1),
    })),
  );
}

if (process.argv[2] === '--child') {
  measure(process.argv[3], Number(process.argv[4])).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main();
}
