// Screenshots of the self-study guide, a view's tutorial conventions and the
// training curves a shipped model opens on, in four languages:
// node tests/shot_guide.mjs  (BASE_URL names the served site; output in /tmp/shots/guide)
import { launch, byTestId } from './e2e/lab.mjs';
const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080/';
const browser = await launch();
for (const lang of ['en', 'ja', 'zh-Hans', 'zh-Hant']) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${BASE}?lang=${lang}`);
  await page.locator(`${byTestId('train-toggle')}:not([disabled])`).waitFor({ timeout: 30_000 });
  await page.waitForTimeout(1500);
  await page.locator('details.guide summary').click();
  await page.locator(`${byTestId('guide-map')} h3`).first().waitFor({ timeout: 20_000 });
  await page.waitForTimeout(300);
  await page.locator(byTestId('guide')).screenshot({ path: `/tmp/shots/guide/guide-${lang}.png` });
  const conventions = page.locator(`#masks ${byTestId('tutorial-conventions')}`);
  await conventions.locator('summary').click();
  await conventions.locator('tbody tr').first().waitFor({ timeout: 20_000 });
  await conventions.scrollIntoViewIfNeeded();
  await conventions.screenshot({ path: `/tmp/shots/guide/masks-conventions-${lang}.png` });
  const head = page.locator(`#inside-head ${byTestId('tutorial-conventions')}`);
  await head.locator('summary').click();
  await head.locator('tbody tr').first().waitFor({ timeout: 20_000 });
  await head.screenshot({ path: `/tmp/shots/guide/head-conventions-${lang}.png` });
  await page.locator('#training').scrollIntoViewIfNeeded();
  await page.waitForTimeout(1200);
  await page.locator('#training').screenshot({ path: `/tmp/shots/guide/training-${lang}.png` });
  await context.close();
}
await browser.close();
