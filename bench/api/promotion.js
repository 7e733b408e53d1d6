// How many bytes a second V8 promotes into the old generation while a server answers 500 requests a second (open
// loop): the more it promotes, the more often the old generation is collected, and those pauses are the api's
// latency tail (bench/README.md, API). Measures a bare Express app, then the same with the middlewares the api
// puts on every request (express-session with a store that answers at once, passport), each alone and together,
// on a route that needs no cookie (a 404, as GET /api/nao-existe in the api benchmark).
//
//   node bench/api/promotion.js [seconds=5]
'use strict';
const { spawn } = require('node:child_process');
const { run } = require('./open-loop');

const SECONDS = Number(process.argv[2] ?? 5);
const VARIANTS = ['', 'session', 'passport-initialize', 'session,passport'];

/** The server, run as a child with --trace-gc-nvp; it prints its port on the first line. */
const SERVER = `
const express = require('express');
const session = require('express-session');
const passport = require('passport');
const parts = (process.env.PARTS || '').split(',');
class InstantStore extends session.Store {
  get(sid, cb) { cb(null, null); }
  set(sid, data, cb) { cb(); }
  destroy(sid, cb) { cb(); }
}
const app = express();
if (parts.includes('session')) app.use(session({ secret: 'bench', resave: false, saveUninitialized: false, store: new InstantStore() }));
if (parts.includes('passport') || parts.includes('passport-initialize')) app.use(passport.initialize());
if (parts.includes('passport')) app.use(passport.session());
app.use((req, res) => res.status(404).json({ message: 'Não encontrado.' }));
const server = app.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));
`;

async function measure(parts) {
  const child = spawn(process.execPath, ['--trace-gc-nvp', '-e', SERVER], {
    cwd: require('node:path').resolve(__dirname, '../../api'),
    env: { ...process.env, PARTS: parts },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const m = /port (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const marker = output.length;
  const result = await run({ url: `http://127.0.0.1:${port}/x`, rate: 500, seconds: SECONDS });
  child.kill();
  await new Promise((r) => child.once('exit', r));
  // Scavenges during the measured seconds: "<ms since start> ms: pause=... gc=s ... allocated=N promoted=N".
  const scavenges = output
    .slice(marker)
    .split('\n')
    .filter((line) => line.includes(' gc=s '))
    .map((line) => ({
      at: Number(/(\d+) ms: pause/.exec(line)?.[1]),
      allocated: Number(/ allocated=(\d+)/.exec(line)?.[1]),
      promoted: Number(/ promoted=(\d+)/.exec(line)?.[1]),
    }));
  const measured = scavenges.slice(1); // the first one's allocation began before the load
  const seconds = (scavenges[scavenges.length - 1].at - scavenges[0].at) / 1000;
  const sum = (key) => measured.reduce((total, s) => total + s[key], 0);
  return {
    parts: parts || 'express alone',
    scavenges: measured.length,
    allocatedPerSecond: sum('allocated') / seconds / 1e6,
    promotedPerSecond: sum('promoted') / seconds / 1e6,
    promotedShare: sum('promoted') / sum('allocated'),
    p99: result.p99,
  };
}

async function main() {
  console.log(`${SECONDS} s at 500 req/s (open loop) per variant; a 404 without a cookie; Node ${process.version}\n`);
  console.log('| middlewares | scavenges | allocated MB/s | promoted MB/s | promoted share | p99 ms |\n|---|--:|--:|--:|--:|--:|');
  for (const parts of VARIANTS) {
    const r = await measure(parts);
    console.log(
      `| ${r.parts} | ${r.scavenges} | ${r.allocatedPerSecond.toFixed(1)} | ${r.promotedPerSecond.toFixed(1)} | ${(r.promotedShare * 100).toFixed(0)}% | ${r.p99.toFixed(1)} |`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
