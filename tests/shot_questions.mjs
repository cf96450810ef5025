// Screenshots of every practice question, answered (so its reason shows),
// and of the decoding step's legend, in one language and task; prints each
// question's text and choices.
//   node tests/shot_questions.mjs LANG TASK SENTENCE OUT
import { launch, openLab, byTestId } from './e2e/lab.mjs';

const [locale = 'en', task = 'real-en-zh', sentence = 'the book is on the table .', out = '/tmp/shots'] =
  process.argv.slice(2);
const browser = await launch();
const { page, errors } = await openLab(browser, `?lang=${locale}&task=${task}`);
await page.locator(byTestId('translate-input')).fill(sentence);
await page.locator(byTestId('decode-topk')).waitFor({ timeout: 30_000 });
await page.locator(byTestId('decode-next')).click();
const stepper = page.locator('.kv-cache');
await stepper.scrollIntoViewIfNeeded();
await stepper.screenshot({ path: `${out}/legend-${locale}-${task}.png` });
const questions = page.locator(byTestId('question'));
for (let i = 0; i < await questions.count(); i++) {
  const q = questions.nth(i);
  const id = await q.getAttribute('data-question');
  await q.scrollIntoViewIfNeeded();
  await q.locator(`${byTestId('question-submit')}:not([disabled])`).waitFor({ timeout: 20_000 });
  const input = q.locator(byTestId('question-answer'));
  const options = await input.evaluate((el) => el.tagName === 'SELECT'
    ? [...el.options].slice(1).map((o) => o.textContent) : null);
  if (options) await input.selectOption({ index: 1 });
  else await input.fill('1');
  await q.locator(byTestId('question-submit')).click();
  await q.locator(byTestId('question-feedback')).waitFor();
  await q.screenshot({ path: `${out}/q-${locale}-${task}-${id}.png` });
  console.log(`## ${id}\n${(await q.innerText()).replace(/\n+/g, ' | ')}${options ? `\n   options: ${JSON.stringify(options)}` : ''}`);
}
console.log('errors:', errors);
await browser.close();
