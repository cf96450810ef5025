// A CPU profile of the page's main thread while a run trains from scratch:
//   BASE_URL=<site> node tests/profile_main.mjs <out.cpuprofile> [seconds]
// Summarise it with `python3 bench/cpuprofile_summary.py <out.cpuprofile>`
// (BENCHMARKS.md, "Main-thread long tasks").
import fs from 'node:fs';
import { byTestId, launch, openLab, startTraining, waitForModel } from './e2e/lab.mjs';

const DEFAULT_SECONDS = 12;
// Sampling interval of the profiler, in microseconds.
const INTERVAL_US = 500;

const [out, secondsArg] = process.argv.slice(2);
const seconds = secondsArg === undefined ? DEFAULT_SECONDS : Number(secondsArg);
if (!out || !(seconds > 0)) {
  console.error('usage: node tests/profile_main.mjs <out.cpuprofile> [seconds]');
  process.exit(2);
}

const browser = await launch();
try {
  const { page } = await openLab(browser, '?lang=en');
  await page.locator(byTestId('train-reset')).click();
  await waitForModel(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: INTERVAL_US });
  await cdp.send('Profiler.start');
  await startTraining(page);
  await page.waitForTimeout(seconds * 1000);
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(out, JSON.stringify(profile));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
