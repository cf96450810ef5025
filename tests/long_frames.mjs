// Which main-thread work makes the long frames while a run trains from scratch:
//   BASE_URL=<site> node tests/long_frames.mjs [seconds]
// Prints every long animation frame over 50 ms (Chromium's Long Animation
// Frames API): its duration, how much of it was rendering (style, layout,
// paint) and each script in it with the event that ran it and its forced
// style and layout (BENCHMARKS.md, "Main-thread long tasks").
import { byTestId, launch, openLab, startTraining, waitForModel } from './e2e/lab.mjs';

const DEFAULT_SECONDS = 20;
const LONG_MS = 50;

const seconds = Number(process.argv[2] ?? DEFAULT_SECONDS);
if (!(seconds > 0)) {
  console.error('usage: node tests/long_frames.mjs [seconds]');
  process.exit(2);
}
const ms = (x) => x.toFixed(0);

const browser = await launch();
try {
  const { page } = await openLab(browser, '?lang=en');
  await page.locator(byTestId('train-reset')).click();
  await waitForModel(page);
  await page.evaluate(() => {
    window.__frames = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__frames.push(e.toJSON());
    }).observe({ type: 'long-animation-frame' });
  });
  await startTraining(page);
  await page.waitForTimeout(seconds * 1000);
  const frames = (await page.evaluate(() => window.__frames)).filter((f) => f.duration > LONG_MS);
  console.log(`frames over ${LONG_MS} ms in ${seconds} s of training: ${frames.length}`);
  for (const f of frames) {
    const end = f.startTime + f.duration;
    const rendering = f.renderStart ? ms(end - f.renderStart) : '0';
    console.log(`frame ${ms(f.duration)} ms, blocking ${ms(f.blockingDuration)} ms, rendering ${rendering} ms`);
    for (const s of f.scripts) {
      console.log(`  ${s.invoker}: ${ms(s.duration)} ms, forced style and layout ${ms(s.forcedStyleAndLayoutDuration)} ms`);
    }
  }
} finally {
  await browser.close();
}
