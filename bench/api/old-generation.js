// What a minimal Express app puts into V8's old generation while it answers 500 requests a second (open loop): the
// more it does, the more often the old generation is collected, and those pauses made the api's latency tail
// (bench/README.md, API). A 404 without a cookie, with the middlewares the api puts on every request, Express's
// prototypes set per request as Express does or in place from construction as the api's ApiExpressAdapter does,
// and pino-http's request logger with and without a `customProps` child.
//
//   npm run build:server && node bench/api/old-generation.js [seconds=5]
//
// Figures per variant (from v8.GCProfiler, bench/api/gc-trace.js): MB/s allocated in the young generation, promoted
// out of it by scavenges, allocated straight into the old generation (new hidden classes and their descriptor
// arrays and inline-cache handlers, mostly), and the full collections during the run.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { run } = require('./open-loop');

const SECONDS = Number(process.argv[2] ?? 5);
const ROOT = path.resolve(__dirname, '../..');
const VARIANTS = [
  'express',
  'express,prototypes',
  'express,session,passport',
  'express,prototypes,session,passport',
  'express,prototypes,session,passport,pino-http',
  'express,prototypes,session,passport,pino-http-customProps',
];

/** The server, run as a child; it prints its port on the first line. */
const SERVER = `
const http = require('node:http');
const express = require('express');
const session = require('express-session');
const passport = require('passport');
const parts = process.env.PARTS.split(',');
class InstantStore extends session.Store {
  get(sid, cb) { cb(null, null); }
  set(sid, data, cb) { cb(); }
  destroy(sid, cb) { cb(); }
}
const app = express();
app.set('etag', false);
if (parts.includes('session')) app.use(session({ secret: 'bench', resave: false, saveUninitialized: false, store: new InstantStore() }));
if (parts.includes('passport')) app.use(passport.initialize(), passport.session());
for (const variant of ['pino-http', 'pino-http-customProps']) {
  if (!parts.includes(variant)) continue;
  const pino = require('pino');
  const logger = pino({ level: 'info' }, pino.destination('/dev/null'));
  app.use(require('pino-http')({ logger, customProps: variant === 'pino-http' ? undefined : (req) => ({ userId: req.user?.id }) }));
}
app.use((req, res) => res.status(404).json({ message: 'Não encontrado.' }));
let options = {};
if (parts.includes('prototypes')) {
  const { subclassWithPrototype } = require(process.env.HTTP_SERVER_JS);
  const Request = subclassWithPrototype(http.IncomingMessage, app.request);
  const Response = subclassWithPrototype(http.ServerResponse, app.response);
  app.request = Request.prototype;
  app.response = Response.prototype;
  options = { IncomingMessage: Request, ServerResponse: Response };
}
const server = http.createServer(options, app).listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

async function measure(parts) {
  const statsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'old-generation-')), 'stats.jsonl');
  const child = spawn(process.execPath, ['--require', path.join(__dirname, 'gc-trace.js'), '-e', SERVER], {
    cwd: path.join(ROOT, 'api'),
    env: { ...process.env, PARTS: parts, GC_TRACE_ALL: '1', GC_STATS_FILE: statsFile, HTTP_SERVER_JS: path.join(ROOT, 'api/dist/fast-path/http-server.js') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const m = /port (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  // Warm-up (JIT, field representations), then the measured run between two signals.
  await run({ url: `http://127.0.0.1:${port}/x`, rate: 500, seconds: 1, warmupSeconds: 0 });
  child.kill('SIGWINCH');
  const result = await run({ url: `http://127.0.0.1:${port}/x`, rate: 500, seconds: SECONDS, warmupSeconds: 0 });
  child.kill('SIGWINCH');
  while (!fs.existsSync(statsFile)) await new Promise((r) => setTimeout(r, 50));
  child.kill();
  await new Promise((r) => child.once('exit', r));
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8').trim());
  fs.rmSync(path.dirname(statsFile), { recursive: true, force: true });
  return { parts, ...stats, p99: result.p99 };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'api/dist/fast-path/http-server.js'))) throw new Error('api is not built: run `npm run build:server` first');
  console.log(`${SECONDS} s at 500 req/s (open loop) per variant, after 1 s of warm-up; a 404 without a cookie; Node ${process.version}\n`);
  console.log('| middlewares | young MB/s | promoted MB/s | allocated old MB/s | full collections | p99 ms |\n|---|--:|--:|--:|--:|--:|');
  for (const parts of VARIANTS) {
    const r = await measure(parts);
    console.log(`| ${r.parts} | ${r.youngAllocatedMBps} | ${r.promotedMBps} | ${r.oldAllocatedMBps} | ${r.fullCollections} | ${r.p99.toFixed(1)} |`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
