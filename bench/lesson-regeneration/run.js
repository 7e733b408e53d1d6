// One lesson's regeneration end to end: the built api and worker processes, the fake OpenAI-compatible server at
// a fixed latency per call, PostgreSQL and Redis on this machine. For each run: POST .../aulas/:aulaId/regenerar
// (what the page's "Gerar novamente" sends), then wait for the lesson's 'done' event on a socket.io connection
// (what the page listens to) and GET the plan (what the page does on that event) until the new text is there.
// The figure is that time divided by the AI latency (goal: within 1.2 x). One warm-up, then the median of 9.
//
//   npm run build && node bench/lesson-regeneration/run.js [latencyMs ...]     (default: 500 2000)
'use strict';
const { io } = require('socket.io-client');
const { api, machineInfo, loadAverage, fmt } = require('../api/bench-stack');
const { latenciesFromArgs, startRegenerationStack, summary } = require('./stack');

const LATENCIES = latenciesFromArgs();
const RUNS = 9;

function connectSocket(apiUrl, cookie) {
  return new Promise((resolve, reject) => {
    const socket = io(apiUrl, { path: '/socket.io', transports: ['websocket'], extraHeaders: { cookie }, reconnection: false });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Resolves when the lesson's 'done' event arrived and GET shows the new version (polls every 250 ms as a backstop). */
function waitForVersion(apiUrl, cookie, planId, aulaId, versao, socket, timeoutMs = 60_000) {
  return new Promise((resolve, reject) => {
    let finished = false;
    const check = async () => {
      const { body } = await api(apiUrl, cookie, 'GET', `/api/planos/${planId}`);
      const aula = body.aulas.find((a) => a.id === aulaId);
      if (aula.versao >= versao) finish();
      else if (aula.generation.state === 'failed' || aula.generation.error) finish(new Error(`regeneration failed: ${aula.generation.error}`));
    };
    const finish = (error) => {
      if (finished) return;
      finished = true;
      clearInterval(poll);
      clearTimeout(timer);
      socket.off('lesson:progress', onEvent);
      if (error) reject(error);
      else resolve(performance.now());
    };
    const onEvent = (event) => {
      if (event.aulaId === aulaId && (event.type === 'done' || event.type === 'failed')) check().catch(finish);
    };
    socket.on('lesson:progress', onEvent);
    const poll = setInterval(() => check().catch(() => undefined), 250);
    const timer = setTimeout(() => finish(new Error(`lesson not regenerated in ${timeoutMs} ms`)), timeoutMs);
  });
}

async function main() {
  const loadAtStart = loadAverage();
  const { stack, fake, apiUrl, teacher, plan } = await startRegenerationStack();
  try {
    console.log(`${machineInfo()}; load average at start ${loadAtStart}`);
    const socket = await connectSocket(apiUrl, teacher.cookie);
    const aula = plan.aulas[1];
    let versao = aula.versao;
    for (const latencyMs of LATENCIES) {
      fake.setLatency(latencyMs);
      const runs = [];
      for (let i = 0; i <= RUNS; i++) {
        const started = performance.now();
        const res = await api(apiUrl, teacher.cookie, 'POST', `/api/planos/${plan.id}/aulas/${aula.id}/regenerar`, { instrucao: `versão ${i}, mais prática` });
        if (res.status !== 202) throw new Error(`regenerar answered ${res.status}: ${JSON.stringify(res.body)}`);
        versao += 1;
        const doneAt = await waitForVersion(apiUrl, teacher.cookie, plan.id, aula.id, versao, socket);
        if (i > 0) runs.push(doneAt - started);
      }
      const { sorted, median } = summary(runs);
      const ratio = median / latencyMs;
      console.log(
        `AI latency ${latencyMs} ms: request to new text ${sorted.map((t) => fmt(t)).join(' / ')} ms; median ${fmt(median)} ms = ` +
          `${fmt(ratio, 2)} x latency (p90 ${fmt(sorted[Math.floor(sorted.length * 0.9)])} ms; goal <= 1.2 x: ${ratio <= 1.2 ? 'MET' : 'MISSED'})`,
      );
    }
    socket.close();
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
