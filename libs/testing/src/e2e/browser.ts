import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type AxeBuilderClass from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { stackPool } from '../stack/shared';
import { launchChromium } from './chromium';
import { REPO_ROOT } from '../processes';

export const SCREENSHOT_DIR = join(REPO_ROOT, 'artifacts', 'screenshots');

/**
 * A headless Chromium for a test file. In a jest run with shared stacks it is the jest worker's one browser (started
 * once, its contexts closed after each file; close() leaves it running for the next file); `{ own: true }`, or
 * outside such a run, a browser of the caller's own, closed by the caller.
 */
export async function launchBrowser(options: { own?: boolean } = {}): Promise<Browser> {
  const pool = stackPool();
  if (!pool || options.own) return launchChromium();
  return keptOpen(await pool.browser());
}

/** The shared browser as a file sees it: everything but close(), which the pool does when the worker ends. */
function keptOpen(browser: Browser): Browser {
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'close') return async () => undefined;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
} as const;

export async function newContext(browser: Browser, viewport: keyof typeof VIEWPORTS = 'desktop', baseURL?: string): Promise<BrowserContext> {
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    baseURL,
    acceptDownloads: true,
  });
}

export interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/** axe-core on the current page: the serious and critical violations (the e2e run expects none). */
export async function seriousA11yViolations(page: Page, timeoutMs = 60000): Promise<A11yViolation[]> {
  // Sandboxed iframes (the e-mail preview) cannot be entered by axe: it would wait for them forever.
  // The same violations, found with less work: only violations keep every node (passes and the rest one each,
  // and nothing here reads them); and with no frame to enter, axe runs in the page itself ('legacy mode') instead
  // of gathering each frame's results and ending the run in a blank page. Legacy mode would miss frames not of the
  // page's origin (an about:srcdoc one, say), so a page with a frame to test keeps the default. Together 2 to 7
  // times faster (history page 1.5 s -> 0.5-0.9 s, a 15-lesson plan 12 s -> 2-2.6 s, on the loaded 2-core machine).
  // Loaded on first use, as Chromium is: most test files never run axe.
  const AxeBuilder = ((await import('@axe-core/playwright')) as unknown as { default: typeof AxeBuilderClass }).default;
  let builder = new AxeBuilder({ page }).exclude('iframe[sandbox]').options({ resultTypes: ['violations'] });
  if (!(await hasFramesToTest(page))) builder = builder.setLegacyMode(true);
  const analysis = builder.analyze();
  let timer: NodeJS.Timeout | undefined;
  const results = await Promise.race([
    analysis,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`axe did not finish within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}

/** Whether the page has an iframe that axe enters (any but a sandboxed one, which it is told to leave out). */
async function hasFramesToTest(page: Page): Promise<boolean> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    const element = await frame.frameElement().catch(() => null);
    if (!element || (await element.getAttribute('sandbox')) === null) return true;
  }
  return false;
}

/** Fails the test with a readable list when axe finds serious or critical violations. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A dialog still fading in has half-transparent text: axe would measure the contrast mid-animation.
  // (Finite animations only: spinners and pulsing badges run forever.)
  await page.evaluate(`Promise.race([
    Promise.all(document.getAnimations()
      .filter((a) => a.effect && Number.isFinite(a.effect.getComputedTiming().endTime))
      .map((a) => a.finished.catch(() => undefined))),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ])`);
  const violations = await seriousA11yViolations(page);
  if (violations.length) {
    throw new Error(`axe found serious/critical violations on ${label}:\n${JSON.stringify(violations, null, 2)}`);
  }
}

/**
 * Saves a full-page screenshot under artifacts/screenshots (git-ignored), for a person to look at the pages: only
 * when E2E_SCREENSHOTS=1 (no test reads them; `npm test` skips the work). Returns the file's path either way.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = join(SCREENSHOT_DIR, `${name}.png`);
  if (process.env.E2E_SCREENSHOTS !== '1') return file;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Sets the theme the way the app stores it, then reloads. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(`localStorage.setItem('planejador-theme', '${theme}')`);
  await page.reload();
}
