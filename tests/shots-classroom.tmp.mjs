import { launch, openLab, byTestId, until } from './e2e/lab.mjs';
const browser = await launch();
const shot = async (query, name, fn) => {
  const { context, page, errors } = await openLab(browser, query);
  if (fn) await fn(page);
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: false });
  console.log(name, errors);
  await context.close();
};
await shot('?lang=ja', 'ja-top', async (p) => { await p.locator(byTestId('guide')).locator('summary').click(); });
await shot('?lang=zh-Hant&present=1&view=masks', 'present-masks');
await shot('?lang=zh-Hans&present=1&view=masks', 'present-help', async (p) => { await p.keyboard.press('?'); });
await browser.close();
