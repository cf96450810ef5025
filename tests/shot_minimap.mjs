// Screenshots of views with their small map (not a test): node shot_minimap.mjs OUT_DIR
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './common.mjs';
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8500/';
const out = process.argv[2] ?? '/tmp/minimap-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (const lang of (process.env.LANGS ?? 'en,ja,zh-Hans,zh-Hant').split(',')) {
  for (const [w, h] of [[1366, 768], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    await page.goto(`${BASE}?lang=${lang}`);
    for (const view of (process.env.VIEWS ?? 'pe,attention,inside-head,masks,smoothing,compare,translate,complexity').split(',')) {
      const map = page.locator(`#${view} [data-testid=minimap]`);
      await map.waitFor({ timeout: 30000 });
      // The section's top below the sticky toolbar, whatever its height in this language.
      await page.locator(`#${view}`).evaluate((e) => {
        e.scrollIntoView();
        const bar = document.querySelector('.toolbar');
        const bottom = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect().bottom : 0;
        window.scrollBy(0, -(bottom + 8));
      });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/${lang}-${view}-${w}x${h}.png` });
    }
    await context.close();
  }
}
await browser.close();
