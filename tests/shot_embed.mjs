// Screenshots of embedded views and of presentation mode's answer reveal:
// node tests/shot_embed.mjs  (BASE_URL names the served site; output in /tmp/shots)
import { launch, byTestId } from './e2e/lab.mjs';
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080/';
const browser = await launch();
const shoot = async (query, name, viewport, before) => {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${BASE}${query}`);
  await page.locator(`${byTestId('train-toggle')}:not([disabled])`).waitFor({ timeout: 30_000 }).catch(() => {});
  await page.waitForTimeout(1500);
  if (before) await before(page);
  await page.screenshot({ path: `/tmp/shots/${name}.png` });
  await context.close();
};
await shoot('?lang=ja&embed=inside-head', 'embed-head-ja', { width: 960, height: 720 });
await shoot('?lang=zh-Hant&embed=attention&hide=questions', 'embed-attention-zh-Hant', { width: 960, height: 720 });
await shoot('?lang=en&embed=noam&hide=controls', 'embed-noam-en', { width: 800, height: 600 });
await shoot('?lang=zh-Hans&present=1&view=masks', 'present-reveal-zh-Hans', { width: 1366, height: 768 }, async (page) => {
  await page.keyboard.press('ArrowRight');
  await page.locator(byTestId('question-reveal')).waitFor({ timeout: 10_000 });
  await page.waitForTimeout(500);
});
await browser.close();
