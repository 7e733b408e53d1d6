// One lesson's regeneration as a teacher sees it, in headless Chromium: the built api serving web/dist, one worker
// process, the fake OpenAI-compatible server at a fixed latency per call, PostgreSQL and Redis on this machine.
// The teacher (signed in: the session cookie of their sign-up) opens /plano/{id}; each run clicks lesson 2's
// "Gerar novamente", types an instruction in the dialog and confirms with its "Gerar novamente" button, then waits
// until the lesson shows the new text. The new text is unique to the run (the fake AI answers the run's instruction
// with it), so the old text or another run's cannot be taken for it.
//
// Times are taken in the page, on the page's clock: from the click's event (its timeStamp) until the frame after
// the lesson's DOM first holds the new text (a MutationObserver, then requestAnimationFrame: the frame that paints
// it). Two figures per run: from the dialog's confirming click (the request leaves then: what the goal is about)
// and from the lesson's "Gerar novamente" click (adds the dialog opening and Playwright typing the instruction).
// The figure is the median of the confirm-click times divided by the AI latency (goal: within 1.2 x).
// One warm-up per latency, then RUNS runs. Each latency also prints where the time went (medians, from the confirm
// click): the POST .../regenerar, the fake AI's call (its receipt on this process's clock), the lesson's 'done'
// event on the page's socket, the last GET of the plan before the text showed if there was one (the page shows the
// lesson the 'done' event carries, without a GET, since issue 13's cache update), the DOM update, and how many GETs
// of the plan the page made until the text showed; VERBOSE=1 prints every run.
//
//   npm run build && node bench/lesson-regeneration/browser.js [latencyMs ...]     (default: 500 2000; RUNS=10)
'use strict';
const { existsSync } = require('node:fs');
const { resolve } = require('node:path');
const { chromium } = require('playwright-core');
const { ROOT, machineInfo, loadAverage, fmt } = require('../api/bench-stack');
const { latenciesFromArgs, startRegenerationStack, summary } = require('./stack');

const LATENCIES = latenciesFromArgs();
const RUNS = Number(process.env.RUNS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WAIT = { timeout: 60_000 };

/**
 * Records, on the page's clock, every click on a button (its label and its event's timeStamp), and when each
 * WebSocket opens and each lesson 'done' event arrives on one (the page's socket.io connection).
 */
function recordClicks() {
  window.__benchClicks = [];
  window.__benchSocket = [];
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      window.__benchSocket.push({ what: 'created', at: performance.now() });
      this.addEventListener('open', () => window.__benchSocket.push({ what: 'open', at: performance.now() }));
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && event.data.includes('lesson:progress') && event.data.includes('"done"')) {
          window.__benchSocket.push({ what: 'done', at: performance.now() });
        }
      });
    }
  };
  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (button) window.__benchClicks.push({ label: (button.textContent ?? '').trim(), at: event.timeStamp });
    },
    { capture: true },
  );
}

/** Starts watching the lesson (its section, by its heading's id) for `text`; window.__benchShown resolves to the time of the frame that shows it. */
function watchFor({ headingId, text }) {
  const section = document.getElementById(headingId)?.closest('section');
  if (!section) throw new Error(`no lesson section for #${headingId}`);
  window.__benchClicks = [];
  window.__benchSocket = [];
  performance.clearResourceTimings();
  window.__benchShown = new Promise((resolve) => {
    const shown = () => section.textContent.includes(text);
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      const foundAt = performance.now();
      requestAnimationFrame(() => resolve({ foundAt, frameAt: performance.now() }));
    });
    observer.observe(section, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Where the time went, on the page's clock from the confirming click: the POST .../regenerar (sent, answered) and
 * every GET of the plan since the run's start (sent, answered), to find those answered before the text showed.
 */
function breakdown(planId) {
  const entries = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/api/planos/'));
  const post = entries.find((e) => e.name.endsWith('/regenerar'));
  const gets = entries.filter((e) => new URL(e.name).pathname === `/api/planos/${planId}`);
  return {
    timeOrigin: performance.timeOrigin,
    socket: window.__benchSocket,
    post: post ? { start: post.startTime, end: post.responseEnd } : null,
    gets: gets.map((e) => ({ start: e.startTime, end: e.responseEnd })),
  };
}

async function main() {
  if (!existsSync(resolve(ROOT, 'web/dist/index.html'))) throw new Error('web/dist is not built: run `npm run build:web` first');
  const loadAtStart = loadAverage();
  const { stack, fake, apiUrl, teacher, plan } = await startRegenerationStack();
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    stack.onStop(() => browser.close());
    console.log(`${machineInfo()}, Chromium ${browser.version()}; load average at start ${loadAtStart}`);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
    const [name, value] = teacher.cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: apiUrl }]);
    await context.addInitScript(recordClicks);
    const page = await context.newPage();
    const aula = plan.aulas[1];
    const lesson = page.getByRole('region', { name: `Aula ${aula.numeroAula} - Matemática` });
    const again = lesson.getByRole('button', { name: 'Gerar novamente', exact: true });
    await page.goto(`${apiUrl}/plano/${plan.id}`);
    await lesson.waitFor(WAIT);

    for (const latencyMs of LATENCIES) {
      fake.setLatency(latencyMs);
      const fromConfirm = [];
      const fromLesson = [];
      const parts = [];
      for (let i = 0; i <= RUNS; i++) {
        const token = `[bench ${latencyMs} #${i}]`;
        const newText = `Novo objetivo ${token}: medir a sala com régua e registrar em tabela`;
        // The run's instruction gets the run's text; the skill stays one the lesson already cites (of its pool).
        fake.script({
          match: token,
          content: { habilidades: [aula.habilidadeCodes[0]], objetivos: newText, experiencias: `1. Medir a sala ${token}.`, evidencias: 'Tabela preenchida.' },
        });
        // The previous run's regeneration is over (its button no longer busy).
        await page.waitForFunction(
          (id) => {
            const button = [...(document.getElementById(id)?.closest('section')?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === 'Gerar novamente');
            return button && !button.disabled;
          },
          `aula-${aula.id}-titulo`,
          WAIT,
        );
        await page.evaluate(watchFor, { headingId: `aula-${aula.id}-titulo`, text: newText });
        await again.click();
        const dialog = page.getByRole('dialog', { name: `Gerar novamente a Aula ${aula.numeroAula}` });
        await dialog.getByLabel('O que você quer diferente? (opcional)').fill(`mais prática, com régua ${token}`);
        const wallStart = performance.now();
        await dialog.getByRole('button', { name: 'Gerar novamente', exact: true }).click();
        const shown = await page.evaluate(() => window.__benchShown);
        const wall = performance.now() - wallStart;
        const clicks = await page.evaluate(() => window.__benchClicks);
        const requests = await page.evaluate(breakdown, plan.id);
        if (clicks.length !== 2) throw new Error(`expected the lesson's click and the dialog's, got ${JSON.stringify(clicks)}`);
        const [lessonClick, confirmClick] = clicks;
        if (i === 0) continue; // warm-up
        fromConfirm.push(shown.frameAt - confirmClick.at);
        fromLesson.push(shown.frameAt - lessonClick.at);
        const getsBefore = requests.gets.filter((g) => g.end <= shown.foundAt);
        const get = getsBefore[getsBefore.length - 1];
        if (!requests.post) throw new Error(`no POST regenerar before the text showed: ${JSON.stringify(requests)}`);
        const at = (t) => t - confirmClick.at;
        const socketAt = (what) => {
          const entry = requests.socket.find((e) => e.what === what);
          return entry ? at(entry.at) : NaN;
        };
        // The fake AI's clock is this process's Date.now(): on the page's clock through its timeOrigin.
        const call = fake.calls.find((c) => c.text.includes(token));
        if (!call) throw new Error(`the fake AI got no call for ${token}`);
        const aiReceived = call.receivedAt - requests.timeOrigin - confirmClick.at;
        parts.push({
          postSent: at(requests.post.start),
          postAnswered: at(requests.post.end),
          aiReceived,
          aiAnswered: aiReceived + latencyMs,
          socketOpen: socketAt('open'),
          doneEvent: socketAt('done'),
          getSent: get ? at(get.start) : NaN,
          getAnswered: get ? at(get.end) : NaN,
          gets: getsBefore.length,
          inDom: at(shown.foundAt),
          painted: at(shown.frameAt),
        });
        if (process.env.VERBOSE) {
          const p = parts[parts.length - 1];
          console.log(
            `  ${token}: POST sent ${fmt(p.postSent)}, answered ${fmt(p.postAnswered)}; AI called ${fmt(p.aiReceived)}, answered ${fmt(p.aiAnswered)}; socket ${Number.isNaN(p.socketOpen) ? 'already open' : `open ${fmt(p.socketOpen)}`}, 'done' event ${fmt(p.doneEvent)}; ${get ? `last GET sent ${fmt(p.getSent)}, answered ${fmt(p.getAnswered)}` : 'no GET'}; ` +
              `in the DOM ${fmt(p.inDom)}, frame ${fmt(p.painted)} ms (${p.gets} GETs of the plan before it; Playwright's wall clock ${fmt(wall)} ms)`,
          );
        }
      }
      const confirm = summary(fromConfirm);
      const first = summary(fromLesson);
      const ratio = confirm.median / latencyMs;
      console.log(
        `AI latency ${latencyMs} ms, ${RUNS} runs: confirm click to new text on the page ${confirm.sorted.map((t) => fmt(t)).join(' / ')} ms; ` +
          `median ${fmt(confirm.median)} ms, p95 ${fmt(confirm.p95)} ms = ${fmt(ratio, 2)} x / ${fmt(confirm.p95 / latencyMs, 2)} x latency ` +
          `(goal median <= 1.2 x: ${ratio <= 1.2 ? 'MET' : 'MISSED'}); from the lesson's "Gerar novamente" click: median ${fmt(first.median)} ms, p95 ${fmt(first.p95)} ms`,
      );
      const med = (key) => fmt(summary(parts.map((p) => p[key]).filter((t) => !Number.isNaN(t))).median);
      const withGet = parts.filter((p) => p.gets > 0).length;
      console.log(
        `  medians from the confirm click: POST sent ${med('postSent')}, answered ${med('postAnswered')}; AI called ${med('aiReceived')}, ` +
          `answered ${med('aiAnswered')}; the lesson's 'done' event ${med('doneEvent')}; ` +
          (withGet ? `last GET of the plan before the text (${withGet} of ${parts.length} runs) sent ${med('getSent')}, answered ${med('getAnswered')}; ` : 'no GET of the plan before the text in any run; ') +
          `new text in the DOM ${med('inDom')}, its frame ${med('painted')} ms; GETs of the plan before the text per run: ${parts.map((p) => p.gets).join(' ')}`,
      );
    }
    console.log(`load average at end ${loadAverage()}`);
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
