// Screenshots of a refused checkpoint's banner in one language:
// node tests/shot_err.mjs LANG OUT_DIR (BASE_URL, CHROMIUM as for the e2e tests).
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './common.mjs';
const [lang, out] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM, args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
await page.goto(`${process.env.BASE_URL}?lang=${lang}`);
await page.waitForSelector('[data-testid="model-origin"]');
await page.waitForTimeout(3000);
const version = Buffer.concat([Buffer.from('ATTNLAB\0'), Buffer.from([9, 0, 0, 0]), Buffer.alloc(20)]);
for (const [name, buffer] of [['garbage', Buffer.from('not a checkpoint at all')], ['version', version]]) {
  await page.locator('[data-testid="checkpoint-upload"]').setInputFiles({ name: `${name}.ckpt`, mimeType: 'application/octet-stream', buffer });
  const message = page.locator('[data-testid="error-message"]');
  await message.waitFor({ timeout: 10000 });
  await page.waitForTimeout(300);
  console.log(lang, name, JSON.stringify(await message.innerText()));
  await message.screenshot({ path: `${out}/err-${lang}-${name}.png` });
  await page.locator('[data-testid="error-message"] .dismiss').click();
}
await browser.close();
