// Which main-thread work makes the long frames while a run trains from scratch:
//   BASE_URL=<site> [VIEWPORT=390x844] node tests/long_frames.mjs [seconds] [query]
// Prints every long animation frame over 50 ms (Chromium's Long Animation
// Frames API): its duration, how much of it was rendering (style, layout,
// paint) and each script in it with the event that ran it and its forced
// style and layout (BENCHMARKS.md, "Main-thread long tasks").
// Without a query it resets the pretrained toy to step 0 and watches from
// the first Train. With a query (a deep link, e.g. heavy settings with
// `start=scratch`) it watches from navigation on: the page's start, the
// model's build in the worker, and training, each counted apart.
import { BASE_URL, byTestId, launch, startTraining, waitForModel } from './e2e/lab.mjs';

const DEFAULT_SECONDS = 20;
const LONG_MS = 50;
// A heavy model may take a while to build.
const BUILD_TIMEOUT_MS = 180_000;

const seconds = Number(process.argv[2] ?? DEFAULT_SECONDS);
const query = process.argv[3];
if (!(seconds > 0) || (query !== undefined && !query.startsWith('?'))) {
  console.error('usage: node tests/long_frames.mjs [seconds] [?query]');
  process.exit(2);
}
const ms = (x) => x.toFixed(0);

function observe() {
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__frames.push(e.toJSON());
  }).observe({ type: 'long-animation-frame', buffered: true });
}

const browser = await launch();
try {
  // VIEWPORT=390x844 watches a phone (touch, mobile layout) instead of a desktop.
  const [w, h] = (process.env.VIEWPORT ?? '1400x1000').split('x').map(Number);
  const phone = w < 900;
  const context = await browser.newContext({ viewport: { width: w, height: h }, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  if (query !== undefined) await page.addInitScript(observe);
  await page.goto(`${BASE_URL}${query ?? '?lang=en'}`);
  await waitForModel(page, BUILD_TIMEOUT_MS);
  if (query === undefined) {
    await page.locator(byTestId('train-reset')).click();
    await waitForModel(page);
    await page.evaluate(observe);
  }
  const trainFrom = await page.evaluate(() => performance.now());
  await startTraining(page);
  await page.waitForTimeout(seconds * 1000);
  const steps = await page.locator(byTestId('step-count')).innerText();
  const frames = (await page.evaluate(() => window.__frames)).filter((f) => f.duration > LONG_MS);
  const before = frames.filter((f) => f.startTime < trainFrom);
  const during = frames.filter((f) => f.startTime >= trainFrom);
  if (query !== undefined) {
    console.log(`frames over ${LONG_MS} ms from navigation to a built model (${ms(trainFrom)} ms): ${before.length}`
      + `${before.length ? `, longest ${ms(Math.max(...before.map((f) => f.duration)))} ms` : ''}`);
  }
  console.log(`frames over ${LONG_MS} ms in ${seconds} s of training (step ${steps}): ${during.length}`
    + `${during.length ? `, longest ${ms(Math.max(...during.map((f) => f.duration)))} ms` : ''}`);
  for (const f of frames) {
    const end = f.startTime + f.duration;
    const rendering = f.renderStart ? ms(end - f.renderStart) : '0';
    console.log(`frame at ${ms(f.startTime)} ms: ${ms(f.duration)} ms, blocking ${ms(f.blockingDuration)} ms, rendering ${rendering} ms`);
    for (const s of f.scripts) {
      console.log(`  ${s.invoker}: ${ms(s.duration)} ms, forced style and layout ${ms(s.forcedStyleAndLayoutDuration)} ms`);
    }
  }
  await context.close();
} finally {
  await browser.close();
}
