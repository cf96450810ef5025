// Screenshots of the real English → Chinese task in one language: the
// attention maps of its probe sentence (character tokens on the axes), the
// About-the-data text, and an everyday sentence translated (issue 45).
//   node tests/shot_zh.mjs LANG OUT
import { launch, openLab, byTestId, until } from './e2e/lab.mjs';

const [locale = 'en', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await launch();
const { context, page, errors } = await openLab(browser, `?lang=${locale}&task=real-en-zh`);
await until(() => page.locator(byTestId('vocab-word')).count(), (n) => n > 0, 60_000, 'the words listed');
const about = page.locator(byTestId('about-data'));
await about.evaluate((d) => { d.open = true; });
await about.scrollIntoViewIfNeeded();
await page.waitForTimeout(300);
await page.screenshot({ path: `${out}/zh-about-${locale}.png` });
const attention = page.locator('#attention');
await attention.scrollIntoViewIfNeeded();
await page.waitForTimeout(1_000);
await attention.screenshot({ path: `${out}/zh-attention-${locale}.png` });
await page.locator(byTestId('translate-input')).fill('i like dogs .');
await until(() => page.locator(byTestId('translate-output')).innerText(), (t) => t.trim().length > 0, 30_000, 'a translation');
await page.waitForTimeout(500);
await page.locator('#translate').scrollIntoViewIfNeeded();
await page.screenshot({ path: `${out}/zh-translate-${locale}.png` });
console.log(`## ${locale}: ${await page.locator(byTestId('translate-output')).innerText()}`);
console.log('errors:', errors);
await context.close();
await browser.close();
