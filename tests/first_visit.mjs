// Time to interactive of a first visit, for issue 47's "a first visit is no
// slower to become interactive than today": two builds of the site, visited
// in turns from a fresh browser context (an empty cache, as a first visit),
// ROUNDS times each. For each visit: milliseconds from navigation to the
// first contentful paint, to the Train button enabled (the model is loaded:
// the lab can be used), and the main thread's long-task time over that span
// (the sum of each task's part over 50 ms, as Lighthouse's total blocking
// time counts it).
//
//   node tests/first_visit.mjs BASE_URL_A BASE_URL_B [ROUNDS] [WIDTHxHEIGHT] [LANG]
//
// LANG (`en` unless given) is the page's language, as `?lang=` gives it.
// THROTTLE=LATENCY_MS,KBIT_S in the environment slows the page's network
// as Chromium's DevTools do (e.g. 40,20000: a classroom's shared Wi-Fi).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './common.mjs';

const [a, b] = process.argv.slice(2, 4);
const rounds = Number(process.argv[4] ?? 7);
const [width, height] = (process.argv[5] ?? '1366x768').split('x').map(Number);
const lang = process.argv[6] ?? 'en';

async function visit(browser, url) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  if (process.env.THROTTLE) {
    const [latency, kbits] = process.env.THROTTLE.split(',').map(Number);
    const bytesPerSecond = (kbits * 1000) / 8;
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency, downloadThroughput: bytesPerSecond, uploadThroughput: bytesPerSecond,
    });
  }
  await page.addInitScript(() => {
    window.__blocking = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__blocking += Math.max(0, e.duration - 50);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${url}?lang=${lang}`);
  await page.locator('[data-testid="train-toggle"]:not([disabled])').waitFor({ timeout: 60_000 });
  const result = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    interactive: performance.now(),
    blocking: window.__blocking,
  }));
  await context.close();
  return result;
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
const seen = { a: [], b: [] };
for (let i = 0; i < rounds; i++) {
  for (const [key, url] of i % 2 ? [['b', b], ['a', a]] : [['a', a], ['b', b]]) {
    seen[key].push(await visit(browser, url));
  }
}
await browser.close();
for (const [key, url] of [['a', a], ['b', b]]) {
  const m = (f) => median(seen[key].map((r) => r[f])).toFixed(0);
  console.log(`${key} ${url}: first contentful paint ${m('fcp')} ms, Train enabled ${m('interactive')} ms, blocking ${m('blocking')} ms (medians of ${rounds})`);
}
const ratio = median(seen.b.map((r) => r.interactive)) / median(seen.a.map((r) => r.interactive));
console.log(`Train enabled, b / a: ${ratio.toFixed(2)}`);
