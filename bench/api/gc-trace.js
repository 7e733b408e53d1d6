// Looks at the api's garbage collector while bench/api/run.js loads it. Loaded into the api with --require
// (NODE_OPTIONS reaches the api through the benchmark); it acts in api/dist/main.js only (in any process with
// GC_TRACE_ALL=1), and only as the environment asks:
//
//   GC_TRACE_FILE=f   one JSON line per collection of 2 ms or more, per event-loop stall of 10 ms or more, and once
//                     a second the young generation's size and scavenge count, each with its wall-clock time. With
//                     BENCH_SLOW_LOG=g (the open-loop runs' slow requests), `node bench/api/gc-trace.js f g` lines
//                     the bunches of slow requests up with what the api's heap did then.
//   GC_STATS_FILE=f   with BENCH_HEAP_SPANS=1 (run.js then sends SIGWINCH before and after each open-loop run):
//                     one JSON line per run with v8.GCProfiler's account of it: MB/s allocated in the young
//                     generation, promoted out of it by scavenges, allocated straight into the old generation
//                     (maps, descriptor arrays, IC handlers, pretenured objects), and the full collections.
//   GC_PROFILE_DIR=d  with BENCH_HEAP_SPANS=1: a sampling heap profile per run of the allocations that no
//                     scavenge freed (promoted or allocated old); `node bench/api/gc-trace.js --top d/x.heapprofile`
//                     lists where they were made.
//
// What the old generation's garbage is made of, by V8 object type, needs no loading: run the api with
//   BENCH_OUTPUT_DIR=d API_NODE_ARGS="--track-gc-object-stats --trace-gc-object-stats" BENCH_ONLY=open \
//     node bench/api/run.js 5
// then `node bench/api/gc-trace.js --dead d/api-<pid>.log` (dead objects per full collection, biggest types first).
//
// Example:
//   GC_TRACE_FILE=/tmp/gc.jsonl BENCH_SLOW_LOG=/tmp/slow.jsonl NODE_OPTIONS="--require $PWD/bench/api/gc-trace.js" \
//     BENCH_ONLY=open node bench/api/run.js 10 && node bench/api/gc-trace.js /tmp/gc.jsonl /tmp/slow.jsonl
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const v8 = require('node:v8');
const { PerformanceObserver, performance, constants } = require('node:perf_hooks');

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};
const round1 = (n) => Math.round(n * 10) / 10;
const appendLine = (file, value) => fs.appendFileSync(file, `${JSON.stringify(value)}\n`);

function trace(file) {
  const wall = (t) => Math.round(performance.timeOrigin + t);
  let scavenges = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) scavenges++;
      if (e.duration < 2) continue;
      const event = { at: wall(e.startTime), ms: round1(e.duration), gc: KINDS[e.detail?.kind] ?? e.detail?.kind };
      // After a full collection, the heap still in use (what the next one has to mark).
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) event.heapMB = round1(v8.getHeapStatistics().used_heap_size / 1e6);
      appendLine(file, event);
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    appendLine(file, { at: Date.now(), youngMB: round1(young.space_size / 1e6), scavenges });
    scavenges = 0;
  }, 1000).unref();
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last >= 15) appendLine(file, { at: wall(last + 5), ms: Math.round(now - last - 5), stall: true });
    last = now;
  }, 5).unref();
}

/** Calls start() at the first SIGWINCH, stop() at the next, and so on (Nest's shutdown hooks leave SIGWINCH alone). */
function onSignalSpans(start, stop) {
  let running = false;
  process.on('SIGWINCH', () => {
    running = !running;
    (running ? start : stop)();
  });
}

function statsOnSignal(file) {
  let profiler;
  let started;
  const YOUNG = ['new_space', 'new_large_object_space'];
  const OLD = ['old_space', 'large_object_space', 'code_space'];
  const used = (stats, names) => stats.heapSpaceStatistics.filter((s) => names.includes(s.spaceName)).reduce((t, s) => t + s.spaceUsedSize, 0);
  onSignalSpans(
    () => {
      profiler = new v8.GCProfiler();
      profiler.start();
      started = performance.now();
    },
    () => {
      const gcs = profiler.stop().statistics;
      const seconds = (performance.now() - started) / 1000;
      const perSecond = (bytes) => round1(bytes / 1e6 / seconds);
      const scavenges = gcs.filter((g) => g.gcType === 'Scavenge');
      const full = gcs.filter((g) => g.gcType === 'MarkSweepCompact');
      let oldAllocated = 0; // old generation growth from one collection's end to the next one's start
      for (let i = 1; i < gcs.length; i++) oldAllocated += used(gcs[i].beforeGC, OLD) - used(gcs[i - 1].afterGC, OLD);
      appendLine(file, {
        seconds: round1(seconds),
        scavengesPerSecond: round1(scavenges.length / seconds),
        youngAllocatedMBps: perSecond(scavenges.reduce((t, g) => t + used(g.beforeGC, YOUNG), 0)),
        promotedMBps: perSecond(scavenges.reduce((t, g) => t + Math.max(0, used(g.afterGC, OLD) - used(g.beforeGC, OLD)), 0)),
        oldAllocatedMBps: perSecond(oldAllocated),
        fullCollections: full.length,
        fullCollectionPauseMs: round1(full.reduce((t, g) => t + g.cost, 0) / 1000),
      });
    },
  );
}

function profileOnSignal(dir) {
  const session = new (require('node:inspector').Session)();
  session.connect();
  let n = 0;
  onSignalSpans(
    () => session.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false }),
    () =>
      session.post('HeapProfiler.stopSampling', (err, result) => {
        if (!err) fs.writeFileSync(path.join(dir, `promoted-${++n}.heapprofile`), JSON.stringify(result.profile));
      }),
  );
}

/** The allocation sites (function, file:line, with two callers) holding the most sampled bytes in a profile. */
function top(file, count = 30) {
  const { head } = JSON.parse(fs.readFileSync(file, 'utf8'));
  const sites = new Map();
  let total = 0;
  const frame = (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(api|libs)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
  const walk = (node, stack) => {
    const here = [frame(node), ...stack].slice(0, 3);
    if (node.selfSize) {
      const key = here.join(' < ');
      sites.set(key, (sites.get(key) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) walk(child, here);
  };
  walk(head, []);
  console.log(`${(total / 1e6).toFixed(1)} MB sampled`);
  for (const [key, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${(bytes / 1e6).toFixed(2).padStart(6)} MB  ${key}`);
}

/** Dead objects by V8 type at each full collection, from the output of --trace-gc-object-stats. */
function dead(file, count = 12) {
  const byCollection = new Map();
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('{ "isolate"') || !line.includes('"key": "dead"') || !line.includes('instance_type_data')) continue;
    let d;
    try {
      d = JSON.parse(line);
    } catch {
      continue; // a line cut by the process's other output
    }
    const types = byCollection.get(d.id) ?? new Map();
    types.set(d.instance_type_name, (types.get(d.instance_type_name) ?? 0) + d.overall);
    byCollection.set(d.id, types);
  }
  for (const [id, types] of byCollection) {
    const total = [...types.values()].reduce((a, b) => a + b, 0);
    const biggest = [...types].sort((a, b) => b[1] - a[1]).slice(0, count);
    console.log(`full collection ${id}: ${(total / 1e6).toFixed(1)} MB dead; ${biggest.map(([t, b]) => `${t} ${(b / 1e6).toFixed(1)}`).join(', ')}`);
  }
}

/** Prints, for each run's bunches of slow requests, the collections and stalls around them. */
function report(gcFile, slowFile) {
  const events = fs.readFileSync(gcFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  for (const line of fs.readFileSync(slowFile, 'utf8').trim().split('\n')) {
    const { label, slow } = JSON.parse(line);
    console.log(`\n${label}: ${slow.length} slow requests`);
    const bunches = [];
    for (const [at, ms] of slow) {
      const bunch = bunches[bunches.length - 1];
      if (bunch && at - bunch.end < 50) (bunch.end = at), bunch.n++, (bunch.worst = Math.max(bunch.worst, ms));
      else bunches.push({ start: at, end: at, n: 1, worst: ms });
    }
    for (const b of bunches) {
      const near = events.filter((e) => e.ms !== undefined && e.at >= b.start - 150 && e.at <= b.end + 50);
      const what = near.map((e) => `${e.gc ?? 'stall'} ${e.ms} ms at ${e.at - b.start}`).join('; ') || 'nothing traced';
      console.log(`  ${b.n} slow (worst ${b.worst} ms) due ${new Date(b.start).toISOString().slice(11, 23)}: ${what}`);
    }
  }
}

if (require.main === module) {
  const [what, file, extra] = process.argv.slice(2);
  if (what === '--top') top(file, Number(extra ?? 30));
  else if (what === '--dead') dead(file, Number(extra ?? 12));
  else report(what, file);
} else if (process.env.GC_TRACE_ALL === '1' || /api[\\/]dist[\\/]main\.js$/.test(process.argv[1] ?? '')) {
  if (process.env.GC_TRACE_FILE) trace(process.env.GC_TRACE_FILE);
  if (process.env.GC_STATS_FILE) statsOnSignal(process.env.GC_STATS_FILE);
  if (process.env.GC_PROFILE_DIR) profileOnSignal(process.env.GC_PROFILE_DIR);
}
