// What a first visit costs in the browser: the JavaScript downloaded (gzip) and the time until the page is painted,
// for the landing page (signed out), the landing page then the sign-in page (its link followed), the dashboard and the
// generate-plans page (signed in, a teacher with one class), in headless Chromium against the built api serving web/dist.
// Every run uses a new browser context (empty cache); figures are the median of RUNS runs.
//
//   npm run build && node bench/web/run.js [runs=5]
'use strict';
const zlib = require('node:zlib');
const { chromium } = require('playwright-core');
const { startBenchStack, registerUser, api, machineInfo, loadAverage, fmt } = require('../api/bench-stack');

const RUNS = Number(process.argv[2] ?? 5);
const TARGET_JS_KB = 250;
// Issue 19: a first visit, the landing page then the sign-in page, loads at most this much JavaScript (gzip).
const FIRST_VISIT_TARGET_JS_KB = 150;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The web app's 'tutorial seen' flag (TUTORIAL_STORAGE_KEY in libs/contracts): without it /gerar-planos starts its
// guided tour about 1 s after load.
const TUTORIAL_STORAGE_KEY = 'planejador-didactic-planner-tutorial-completed';

const median = (values) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The scripts index.html names (entry and modulepreloads): fetched in the first round, before any JavaScript runs. */
function htmlScripts(html) {
  return new Set([...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]));
}

/**
 * One visit in a fresh context: every script response's size as sent and gzip-compressed, the paint times, the
 * scripts only the running JavaScript asked for (not named by index.html: a later round) and the user requests.
 * `ready`: a selector the visit also waits for before counting (what the page shows last, e.g. the tour's popover).
 */
async function visit(browser, url, { path, cookie, ready, tutorialSeen, then }, firstRound) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' });
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url }]);
  }
  if (tutorialSeen) await context.addInitScript((key) => window.localStorage.setItem(key, 'true'), TUTORIAL_STORAGE_KEY);
  const page = await context.newPage();
  const scripts = [];
  const styles = [];
  const pending = [];
  let userRequests = 0;
  let lastResponseAt = Date.now();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/user') userRequests++;
  });
  page.on('response', (response) => {
    lastResponseAt = Date.now();
    const type = response.request().resourceType();
    const isScript = type === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
    if (!isScript && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        const encoding = response.headers()['content-encoding'] ?? null;
        const entry = {
          url: new URL(response.url()).pathname,
          status: response.status(),
          raw: body.length,
          // When the server does not compress, what a gzip-compressing server (level 6, the usual default) would send.
          gzip: zlib.gzipSync(body, { level: 6 }).length,
          encoding,
        };
        (isScript ? scripts : styles).push(entry);
      }, () => undefined),
    );
  });
  const started = Date.now();
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
  const loadMs = Date.now() - started;
  // On a busy machine the network can be idle (500 ms) before the page has rendered or even painted: wait for its
  // heading, then for the first paint (up to 5 s).
  await page.locator('h1').first().waitFor({ timeout: 10_000 }).catch(() => undefined);
  if (ready) {
    await page
      .locator(ready)
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => {
        throw new Error(`${path}: ${ready} did not show within 10 s`);
      });
  }
  const paint = await page.evaluate(
    () =>
      new Promise((resolve) => {
        let lcp = null;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          lcp = entries[entries.length - 1].startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        const done = (fcp) => resolve({ fcp, lcp, finalPath: location.pathname, heading: document.querySelector('h1')?.textContent ?? null });
        const giveUp = setTimeout(() => done(null), 5000);
        new PerformanceObserver((list) => {
          const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (!fcp) return;
          clearTimeout(giveUp);
          setTimeout(() => done(fcp.startTime), 100);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  if (then) {
    // A second page in the same visit (a link followed in the app): counted until its heading shows and nothing
    // more has been received for 500 ms.
    await then(page);
    while (Date.now() - lastResponseAt < 500) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await Promise.all(pending);
  await context.close();
  const broken = [...scripts, ...styles].filter((e) => e.status >= 400);
  if (broken.length) {
    // The api reads index.html once at start: a `npm run build` during the run replaces the hashed chunks under it.
    throw new Error(`${path}: ${broken.map((e) => `${e.url} ${e.status}`).join(', ')} (web/dist rebuilt during the run? run again)`);
  }
  if (paint.fcp === null) throw new Error(`${path}: no first-contentful-paint entry (the page did not render)`);
  const sum = (list, key) => list.reduce((s, e) => s + e[key], 0);
  const later = scripts.filter((s) => !firstRound.has(s.url));
  return {
    ...paint,
    loadMs,
    scripts,
    later,
    userRequests,
    jsRaw: sum(scripts, 'raw'),
    jsGzip: sum(scripts, 'gzip'),
    cssGzip: sum(styles, 'gzip'),
    serverCompressed: scripts.some((s) => s.encoding),
  };
}

async function main() {
  const loadAtStart = loadAverage();
  const stack = await startBenchStack('web');
  try {
    const apiChild = await stack.startApi();
    const index = await fetch(`${apiChild.url}/`, { headers: { accept: 'text/html' } });
    const html = index.ok ? await index.text() : '';
    if (!html.includes('<script')) throw new Error('the api serves no web app: run `npm run build` first');
    const firstRound = htmlScripts(html);
    const teacher = await registerUser(apiChild.url, 'web@bench.test');
    await api(apiChild.url, teacher.cookie, 'POST', '/api/turmas', { nomeProfessor: 'Ana Bench', numero: '51', escola: 'EMEF Bench', ano: '5' });

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--headless'],
    });
    stack.onStop(() => browser.close());

    const pages = [
      { label: 'landing page (/)', path: '/', cookie: null },
      // Issue 19's first visit: the landing page, then its "Fazer Login" link to the sign-in page (/auth), as a
      // visitor does; the sign-in form is shown, not used.
      {
        label: 'landing page, then sign-in (/ then /auth by its link)',
        path: '/',
        cookie: null,
        target: FIRST_VISIT_TARGET_JS_KB,
        then: async (page) => {
          await page.getByRole('link', { name: 'Fazer Login' }).click();
          await page.getByRole('heading', { name: /Bem-vindo/ }).waitFor({ timeout: 10_000 });
          await page.getByRole('tabpanel', { name: 'Entrar' }).getByRole('button', { name: 'Entrar' }).waitFor({ timeout: 10_000 });
        },
      },
      { label: 'dashboard (/dashboard, signed in)', path: '/dashboard', cookie: teacher.cookie },
      // The teacher has a class, so the form shows; a new browser has not seen the tour, which starts by itself.
      {
        label: 'generate plans (/gerar-planos, signed in, until the tour shows)',
        path: '/gerar-planos',
        cookie: teacher.cookie,
        ready: '.driver-popover',
      },
      {
        label: 'generate plans (/gerar-planos, signed in, tour already seen)',
        path: '/gerar-planos',
        cookie: teacher.cookie,
        ready: '[data-tour="gerar"]',
        tutorialSeen: true,
      },
    ];
    const results = [];
    for (const p of pages) {
      await visit(browser, apiChild.url, p, firstRound); // warm-up: server and disk caches
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, apiChild.url, p, firstRound));
      if (p.cookie && runs.some((r) => r.finalPath !== p.path)) throw new Error(`signed-in visit to ${p.path} ended on ${runs[0].finalPath}`);
      results.push({ ...p, runs, last: runs[runs.length - 1] });
    }

    console.log(`${machineInfo()}; Chromium ${browser.version()} headless; load average at start ${loadAtStart}`);
    console.log(`${RUNS} runs per page, each in a new browser context (empty cache); medians.`);
    const compressed = results.some((r) => r.last.serverCompressed);
    console.log(
      compressed
        ? 'The server sent compressed scripts: sizes are the gzip bodies re-compressed at level 6 for comparison.'
        : 'The server does not compress scripts (no Content-Encoding): gzip = each script body gzip-compressed here with zlib level 6, what a compressing server or CDN would send.',
    );
    console.log(
      '\n| page | JS files | of which after the entry ran | JS raw KB | JS gzip KB | CSS gzip KB | GET /api/auth/user | first-contentful-paint ms | largest-contentful-paint ms | load (network idle) ms |',
    );
    console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
    for (const r of results) {
      const m = (key) => median(r.runs.map((x) => x[key] ?? NaN));
      console.log(
        `| ${r.label} | ${r.last.scripts.length} | ${r.last.later.length} | ${fmt(m('jsRaw') / 1024, 1)} | ${fmt(m('jsGzip') / 1024, 1)} | ` +
          `${fmt(m('cssGzip') / 1024, 1)} | ${m('userRequests')} | ` +
          `${fmt(m('fcp'))} | ${fmt(m('lcp'))} | ${fmt(m('loadMs'))} |`,
      );
    }
    for (const r of results) {
      const kb = median(r.runs.map((x) => x.jsGzip)) / 1024;
      const target = r.target ?? TARGET_JS_KB;
      console.log(`target JS <= ${target} KB gzip, ${r.label}: ${fmt(kb, 1)} KB -> ${kb <= target ? 'MET' : 'MISSED'}`);
    }
    for (const r of results) {
      const largest = r.last.scripts.slice().sort((a, b) => b.gzip - a.gzip);
      console.log(`\nscripts, largest first, ${r.label}: ${largest.map((s) => `${s.url.replace('/assets/', '')} ${fmt(s.gzip / 1024, 1)} KB`).join(', ')}`);
      console.log(`scripts after the entry ran, ${r.label}: ${r.last.later.map((s) => s.url.replace('/assets/', '')).join(', ') || 'none'}`);
      console.log(`FCP per run (ms): ${r.runs.map((x) => fmt(x.fcp)).join(' / ')}`);
    }
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
