// Screenshots of the first screen (not a test): node fig-shots.mjs OUT_DIR
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './common.mjs';
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8501/';
const out = process.argv[2] ?? '/tmp/fig-shots';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
for (const lang of (process.env.LANGS ?? 'en,ja,zh-Hans,zh-Hant').split(',')) {
  for (const [w, h] of [[1366, 768], [390, 844]]) {
    const context = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    await page.goto(`${BASE}?lang=${lang}${process.env.EXTRA ?? ''}`);
    await page.locator('[data-testid=model-box][data-box=outputs] .chip').first().waitFor({ timeout: 30000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/${lang}-${w}x${h}${process.env.SUFFIX ?? ''}.png` });
    await context.close();
  }
}
await browser.close();
