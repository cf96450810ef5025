// Shared helpers for the end-to-end tests: one headless Debian Chromium, a
// fresh browser context (so fresh browser storage) per test, and ways to read
// the page through its data-testid hooks.
//
// The site is served by `cargo xtask e2e` (or `cargo xtask ci`), which passes
// its address in BASE_URL. No browser is ever downloaded: CHROMIUM names the
// system one.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { BASE_URL, CHROMIUM_ARGS, byTestId, until } from '../common.mjs';

export { BASE_URL, byTestId, until };

/**
 * The browser. Its contexts block service workers unless a test asks for
 * them (`serviceWorkers: 'allow'`, as offline.test.mjs does): `page.route()`
 * never sees a request the lab's service worker (web/sw.js) answers, and
 * each test starts from a fresh, network-only page.
 */
export async function launch() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const newContext = browser.newContext.bind(browser);
  // `browser.newPage()` makes its context through this too.
  browser.newContext = (options = {}) => newContext({ serviceWorkers: 'block', ...options });
  return browser;
}

/**
 * Opens the lab (the site at `base`) in a fresh context and waits until the
 * worker has a model (the Train button is enabled). Console errors and
 * uncaught exceptions of the page and its workers are collected in `errors`.
 */
export async function openLab(browser, query = '', options = {}, base = BASE_URL) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  // The console only says "Failed to load resource"; name the URL too.
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  page.on('worker', (worker) => worker.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`worker console: ${msg.text()}`);
  }));
  await page.goto(`${base}${query}`);
  await waitForModel(page);
  return { context, page, errors };
}

/** Waits until a model is loaded and the Train button can be pressed. */
export async function waitForModel(page, timeout = 30_000) {
  await page.locator(`${byTestId('train-toggle')}:not([disabled])`).waitFor({ timeout });
}

/** The number in `loss-value`, or NaN while it shows "—". */
export async function lossValue(page) {
  return Number.parseFloat(await page.locator(byTestId('loss-value')).innerText());
}

export async function stepCount(page) {
  return Number.parseInt(await page.locator(byTestId('step-count')).innerText(), 10);
}

/** Presses Train if training is not running yet. */
export async function startTraining(page) {
  const toggle = page.locator(byTestId('train-toggle'));
  if ((await toggle.getAttribute('data-running')) !== 'true') await toggle.click();
}

/**
 * Presses Train, waits for `warmup` steps, then counts the steps of the next
 * `seconds` on the page's step counter: steps per second (for the benchmarks).
 */
export async function trainingStepsPerSecond(page, warmup, seconds, warmupTimeout = 60_000) {
  await startTraining(page);
  await until(() => stepCount(page), (n) => n >= warmup, warmupTimeout, 'the warm-up steps');
  const s0 = await stepCount(page);
  const t0 = Date.now();
  await page.waitForTimeout(seconds * 1000);
  const s1 = await stepCount(page);
  return (s1 - s0) / ((Date.now() - t0) / 1000);
}

/** Presses Pause if training is running. */
export async function pauseTraining(page) {
  const toggle = page.locator(byTestId('train-toggle'));
  if ((await toggle.getAttribute('data-running')) === 'true') await toggle.click();
}

/** The canvas's pixels as a data URL: equal strings mean an identical picture. */
export function canvasPixels(page, testId) {
  return page.locator(byTestId(testId)).first().evaluate((canvas) => canvas.toDataURL());
}

/** How many distinct colours a canvas shows (a blank canvas shows at most 1). */
export function canvasColours(page, testId) {
  return page.locator(byTestId(testId)).first().evaluate((canvas) => {
    if (canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    const seen = new Set();
    for (let i = 0; i < data.length && seen.size < 64; i += 4 * 7) {
      seen.add((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]);
    }
    return seen.size;
  });
}

/** Runs `body` with a freshly opened lab in `browser`, closing it afterwards. */
export async function withLab(browser, body) {
  const lab = await openLab(browser);
  try {
    await body(lab);
  } finally {
    await lab.context.close();
  }
}

/** The page's worker named `name` (`lab_session::spawn::names`), or null. */
export async function workerNamed(page, name) {
  for (const worker of page.workers()) {
    if ((await worker.evaluate(() => self.name).catch(() => null)) === name) return worker;
  }
  return null;
}

/** After a refused file: the model still trains, its loss is a number, and nothing crashed. */
export async function assertTrainingContinues(page, errors) {
  await waitForModel(page);
  const before = await stepCount(page);
  await startTraining(page);
  await until(() => stepCount(page), (n) => n >= before + 3, 20_000, `training to continue past step ${before}`);
  await pauseTraining(page);
  if (!Number.isFinite(await lossValue(page))) throw new Error('the loss is not a number after the refused file');
  const crashes = errors.filter((e) => /pageerror|panic|RuntimeError|unreachable/.test(e));
  if (crashes.length > 0) throw new Error(`the worker crashed: ${crashes.join('; ')}`);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical violations on the page, one line each. */
export async function seriousAxeViolations(page) {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}
