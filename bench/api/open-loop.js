// An open-loop load generator: requests are sent at a constant arrival rate (one every 1000/rate ms, as users
// arrive, independent of how fast answers come back) and each latency is measured from the moment the request
// was due, not from when a free connection sent it. A server that falls behind therefore shows its queueing in
// the figures (no coordinated omission), as wrk2 or k6's constant-arrival-rate do.
//
// Why not autocannon's `overallRate`: autocannon gives each connection a quota per second and sends it as fast as
// it can at the start of each second, then waits for the next second (lib/httpClient.js, reqsMadeThisSecond).
// "500 req/s" over 20 connections is then a burst of 500 requests, 20 at a time, once a second: it measures a
// server under 20 concurrent requests, not one receiving 500 a second.
//
// Runs in a process of its own (so the script that starts it does not steal its event loop):
//   node bench/api/open-loop.js '{"url":"http://127.0.0.1:3000/api/turmas","rate":500,"seconds":10,"headers":{}}'
// prints one line of JSON: { sent, completed, errors, statuses, rate, p50, p90, p99, p999, max } (ms).
'use strict';
const net = require('node:net');
const { performance } = require('node:perf_hooks');
const { fork } = require('node:child_process');

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('\r\n0\r\n\r\n');

/**
 * One keep-alive connection carrying one request at a time, with a minimal HTTP/1.1 response reader
 * (Content-Length or chunked bodies): cheap on the CPU, which the generator shares with the server it measures.
 */
class Connection {
  constructor(target, onResponse, onError) {
    this.onResponse = onResponse;
    this.onError = onError;
    this.chunks = [];
    this.length = 0;
    this.socket = net.connect(Number(target.port), target.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk) => this.read(chunk));
    this.socket.on('error', (err) => this.fail(err));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  send(request, index) {
    this.index = index;
    this.socket.write(request);
  }

  read(chunk) {
    this.chunks.push(chunk);
    this.length += chunk.length;
    const data = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.length);
    this.chunks = [data];
    const headerEnd = data.indexOf(HEADER_END);
    if (headerEnd < 0) return;
    const head = data.toString('latin1', 0, headerEnd);
    const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const complete = lengthMatch
      ? data.length >= headerEnd + 4 + Number(lengthMatch[1])
      : /\r\ntransfer-encoding:\s*chunked/i.test(head)
        ? data.indexOf(CHUNKED_END, headerEnd) >= 0 || data.subarray(headerEnd + 4, headerEnd + 9).toString() === '0\r\n\r\n'
        : true; // 204/304: no body
    if (!complete) return;
    this.chunks = [];
    this.length = 0;
    const index = this.index;
    this.index = undefined;
    this.onResponse(this, index, Number(head.slice(9, 12)));
  }

  fail(err) {
    if (this.failed) return;
    this.failed = true;
    this.onError(this, this.index, err);
  }

  close() {
    this.failed = true;
    this.socket.destroy();
  }
}

/** Sends `rate` requests per second for `seconds` s (after `warmupSeconds` s not counted) and reports latencies. */
function run({ url, rate, seconds, warmupSeconds = 1, slowMs = 25, headers = {}, method = 'GET', body, connections = 64, timeoutMs = 10_000 }) {
  const target = new URL(url);
  const bodyBuffer = body === undefined ? null : Buffer.from(body);
  const headerLines = Object.entries({ host: target.host, ...headers, ...(bodyBuffer ? { 'content-length': bodyBuffer.length } : {}) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const request = Buffer.concat([
    Buffer.from(`${method} ${target.pathname}${target.search} HTTP/1.1\r\n${headerLines}\r\n`, 'latin1'),
    ...(bodyBuffer ? [bodyBuffer] : []),
  ]);
  const interval = 1000 / rate;
  const total = Math.round(rate * (seconds + warmupSeconds));
  const counted = Math.round(rate * warmupSeconds); // requests before this index are warm-up
  const latencies = [];
  const slow = []; // [due ms since start, latency ms] of requests slower than slowMs: are they spread or bunched?
  const statuses = {};
  const pending = []; // due, waiting for a free connection (their latency already runs)
  const idle = [];
  const open = new Set();
  let sent = 0;
  let finished = 0;
  let errors = 0;
  const start = performance.now() + 50;

  return new Promise((resolve) => {
    const due = (index) => start + index * interval;
    const finish = () => {
      for (const c of open) c.close();
      latencies.sort((a, b) => a - b);
      resolve({
        sent: sent - counted,
        completed: latencies.length,
        errors,
        statuses,
        rate: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p90: percentile(latencies, 90),
        p99: percentile(latencies, 99),
        p999: percentile(latencies, 99.9),
        max: latencies[latencies.length - 1],
        slow,
        startWall: Date.now() - (performance.now() - start),
      });
    };
    const next = (connection) => {
      if (pending.length) connection.send(request, pending.shift());
      else idle.push(connection);
    };
    const onResponse = (connection, index, status) => {
      if (index >= counted) {
        const latency = performance.now() - due(index);
        latencies.push(latency);
        if (latency >= slowMs) slow.push([Math.round(due(index) - start), Math.round(latency)]);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      if (++finished === total) return finish();
      next(connection);
    };
    const onError = (connection, index) => {
      open.delete(connection);
      const i = idle.indexOf(connection);
      if (i >= 0) idle.splice(i, 1);
      if (index !== undefined) {
        if (index >= counted) errors++;
        if (++finished === total) return finish();
      }
      // Requests waiting for a connection get a new one (the server may close idle keep-alive connections).
      if (pending.length && open.size < connections) dispatch(pending.shift());
    };
    const dispatch = (index) => {
      const connection = idle.pop();
      if (connection) return connection.send(request, index);
      if (open.size < connections) {
        const fresh = new Connection(target, onResponse, onError);
        open.add(fresh);
        return fresh.send(request, index);
      }
      pending.push(index);
    };
    // Every millisecond or so, send whatever has become due (the latency is counted from the due time, so a late
    // timer counts against the server, never for it).
    const tick = () => {
      const now = performance.now();
      while (sent < total && due(sent) <= now) dispatch(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, due(sent) - performance.now())));
    };
    // Time-outs: a request unanswered for timeoutMs counts as an error and its connection is dropped.
    const watchdog = setInterval(() => {
      const now = performance.now();
      for (const c of open) if (c.index !== undefined && now - due(c.index) > timeoutMs) c.fail(new Error('timeout')), c.close();
      if (finished === total) clearInterval(watchdog);
    }, 250);
    setTimeout(tick, 50);
  });
}

/** The same, in a child process of its own; resolves with its result. */
function runInChild(options) {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, [JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`open-loop load generator exited with ${code}`));
      resolve({ ...JSON.parse(out), pid: child.pid });
    });
  });
}

if (require.main === module) {
  run(JSON.parse(process.argv[2])).then((result) => {
    const cpu = process.cpuUsage();
    process.stdout.write(`${JSON.stringify({ ...result, cpuSeconds: (cpu.user + cpu.system) / 1e6 })}\n`);
  });
}

module.exports = { run, runInChild };
