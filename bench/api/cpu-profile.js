// Where the api's CPU goes while one route is loaded (issue 19): the built api in its own stack (bench-stack), a
// teacher with 10 classes, a warm-up, then a V8 CPU profile of the api taken only over the load (not its start),
// summarised by module:
//   self        samples in the module's own functions
//   attributed  self, plus the time of Node's internals and V8 builtins (crypto, streams, JSON, ...) charged to the
//               nearest caller that is not Node's (cookie-signature's HMAC goes to cookie-signature)
//   total       samples with the module anywhere on the stack
//
//   npm run build && node bench/api/cpu-profile.js [seconds=15] [route=/api/turmas] [connections=20]
//   node bench/api/cpu-profile.js --summary file.cpuprofile     (summarise a profile again)
//   PROFILE_REFERENCE=1 node bench/api/cpu-profile.js 15        (the same of bench/api/reference-server.js's
//                                                               /pg/turmas, the class list's limit)
//
// CPU_PROFILE_DIR=dir keeps the profile (default: a temporary directory). Loaded into the api with --require (as
// this script does), the file profiles between one SIGWINCH and the next.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

/** In the api: profile between SIGWINCHs, written to CPU_PROFILE_DIR/api-<pid>-<n>.cpuprofile. */
function profileOnSignal(dir) {
  const session = new (require('node:inspector').Session)();
  session.connect();
  let running = false;
  let n = 0;
  process.on('SIGWINCH', () => {
    running = !running;
    if (running) {
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
      return;
    }
    session.post('Profiler.stop', (err, result) => {
      if (!err) fs.writeFileSync(path.join(dir, `api-${process.pid}-${++n}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}

/** The module a frame belongs to: an npm package, a file of the api or a lib, Node's internals or V8's. */
function moduleOf(frame) {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(V8 builtin)';
  if (url.startsWith('node:')) return 'node:' + (url.slice(5).split('/')[1] ?? url.slice(5)).replace(/^_/, '');
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (pkg) return pkg[pkg.length - 1].replace('node_modules/', '');
  const own = url.match(/\/(api|worker)\/dist\/(.*)\.js$/) ?? url.match(/\/(libs\/[^/]+)\/dist\/(.*)\.js$/);
  if (own) return `${own[1]}/${own[2]}`;
  return url.replace(/^file:\/\/.*\/(bench\/)/, '$1');
}

const isNodeOrV8 = (mod) => mod.startsWith('node:') || mod === '(V8 builtin)';
/** The socket writes (system calls): the same for any server that sends the same bytes, kept apart. */
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'writeAsciiString']);

function summarise(profile, top = 40) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const attributed = new Map();
  const total = new Map();
  const fnSelf = new Map();
  const add = (map, key, v) => map.set(key, (map.get(key) ?? 0) + v);
  let busy = 0;
  let idle = 0;
  // Each sample lasts until the next one.
  for (let i = 0; i < profile.samples.length; i++) {
    const us = profile.timeDeltas[i + 1] ?? 0;
    const leaf = byId.get(profile.samples[i]);
    const leafMod = moduleOf(leaf.callFrame);
    if (leafMod === '(idle)') {
      idle += us;
      continue;
    }
    busy += us;
    add(self, leafMod, us);
    add(fnSelf, `${leaf.callFrame.functionName || '(anonymous)'} [${leafMod}:${leaf.callFrame.lineNumber + 1}]`, us);
    const seen = new Set();
    let charged = SOCKET_WRITES.has(leaf.callFrame.functionName) && leafMod === '(V8 builtin)' ? '(socket writes)' : isNodeOrV8(leafMod) ? null : leafMod;
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
      const mod = moduleOf(byId.get(id).callFrame);
      if (mod === '(root)') break;
      if (!charged && !isNodeOrV8(mod)) charged = mod;
      seen.add(mod);
    }
    add(attributed, charged ?? leafMod, us);
    for (const mod of seen) add(total, mod, us);
  }
  const pct = (v) => `${((100 * v) / busy).toFixed(1).padStart(5)}%`;
  console.log(`busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s (${profile.samples.length} samples)\n`);
  console.log('| module | self | attributed | total |\n|---|--:|--:|--:|');
  for (const [mod, v] of [...attributed].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${mod} | ${pct(self.get(mod) ?? 0)} | ${pct(v)} | ${pct(total.get(mod) ?? 0)} |`);
  }
  console.log('\nby total (modules on the stack):');
  for (const [mod, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${mod}`);
  console.log('\nfunctions by self time:');
  for (const [fn, v] of [...fnSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${fn}`);
  return { busy, idle };
}

async function main() {
  const autocannon = require('autocannon');
  const { startBenchStack, registerUser, api, processCpuSeconds, loadAverage, machineInfo } = require('./bench-stack');
  const seconds = Number(process.argv[2] ?? 15);
  const route = process.argv[3] ?? '/api/turmas';
  const connections = Number(process.argv[4] ?? 20);
  const dir = process.env.CPU_PROFILE_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'api-cpu-'));
  fs.mkdirSync(dir, { recursive: true });
  const loadAtStart = loadAverage();
  const stack = await startBenchStack('cpuprof');
  try {
    const apiChild = await stack.startApi({ CPU_PROFILE_DIR: dir }, ['--require', __filename]);
    const user = await registerUser(apiChild.url, 'perfil@bench.test');
    for (let i = 1; i <= 10; i++) {
      await api(apiChild.url, user.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: String(40 + i), escola: 'EMEF Bench', ano: String(1 + (i % 9)) });
    }
    let target = { url: `${apiChild.url}${route}`, headers: { cookie: user.cookie }, connections };
    let profiled = apiChild;
    if (process.env.PROFILE_REFERENCE === '1') {
      profiled = await stack.startReference({ REF_TURMAS_USER: user.user.id, REF_PLANOS_USER: user.user.id, CPU_PROFILE_DIR: dir, NODE_OPTIONS: `--require ${__filename}` });
      target = { url: `${profiled.url}/pg/turmas`, connections };
    }
    await autocannon({ ...target, duration: 3 });
    const cpuBefore = processCpuSeconds(profiled.pid);
    process.kill(profiled.pid, 'SIGWINCH');
    const result = await autocannon({ ...target, duration: seconds });
    process.kill(profiled.pid, 'SIGWINCH');
    const cpu = processCpuSeconds(profiled.pid) - cpuBefore;
    const file = path.join(dir, `api-${profiled.pid}-1.cpuprofile`);
    for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500)); // written at once, but let it finish
    const statuses = Object.entries(result.statusCodeStats).map(([code, s]) => `${code}x${s.count}`).join(' ');
    console.log(
      `${machineInfo()}; load average at start ${loadAtStart}, at end ${loadAverage()}.\n` +
        `GET ${target.url.replace(/^http:\/\/[^/]+/, '')}, ${connections} connections, ${seconds} s, profiled: ${Math.round(result.requests.average)} req/s (${statuses}), ` +
        `api CPU ${((cpu * 1000) / result.requests.total).toFixed(3)} ms/request (with the profiler's own cost)\n${file}\n`,
    );
    summarise(JSON.parse(fs.readFileSync(file, 'utf8')));
  } finally {
    await stack.stop();
  }
}

if (require.main === module) {
  if (process.argv[2] === '--summary') {
    summarise(JSON.parse(fs.readFileSync(process.argv[3], 'utf8')));
  } else {
    main().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  }
} else if (process.env.CPU_PROFILE_DIR && /[\\/](api[\\/]dist[\\/]main|reference-server)\.js$/.test(process.argv[1] ?? '')) {
  profileOnSignal(process.env.CPU_PROFILE_DIR);
}
