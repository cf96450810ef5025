// Screenshots of what issue 45 added to Translate, in one language: the
// words the model reads (searched), and the known words nearest a typed
// unknown one, on the real English → Japanese and English → Chinese models.
//   node tests/shot_vocab.mjs LANG OUT
import { launch, openLab, byTestId, until } from './e2e/lab.mjs';

const [locale = 'en', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await launch();
for (const task of ['real-en-ja', 'real-en-zh']) {
  const { context, page, errors } = await openLab(browser, `?lang=${locale}&task=${task}`);
  await until(() => page.locator(byTestId('vocab-word')).count(), (n) => n > 0, 60_000, 'the words listed');
  await page.locator(byTestId('translate-input')).fill('i like dogz .');
  await page.locator(byTestId('translate-nearest')).first().waitFor();
  await page.waitForTimeout(500);
  const view = page.locator('#translate');
  await view.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/vocab-${task}-${locale}.png` });
  console.log(`## ${task} ${locale}\n${(await page.locator('.translate-check').innerText())}\n${(await page.locator('details.vocab').innerText()).slice(0, 300)}`);
  await page.locator(byTestId('vocab-search')).fill('sch');
  await page.waitForTimeout(300);
  await page.locator('details.vocab').screenshot({ path: `${out}/vocab-search-${task}-${locale}.png` });
  console.log('errors:', errors);
  await context.close();
}
await browser.close();
