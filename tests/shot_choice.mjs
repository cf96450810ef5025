// Screenshot of a choice question (cross-argmax), answered with its first option.
import { launch, openLab, byTestId } from './e2e/lab.mjs';

const [locale = 'en', id = 'cross-argmax', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await launch();
const { page, errors } = await openLab(browser, `?lang=${locale}`);
const q = page.locator(`${byTestId('question')}[data-question="${id}"]`);
await q.scrollIntoViewIfNeeded();
await q.locator(`${byTestId('question-submit')}:not([disabled])`).waitFor({ timeout: 20_000 });
await q.locator(byTestId('question-answer')).selectOption({ index: 1 });
await q.locator(byTestId('question-submit')).click();
await q.locator(byTestId('question-feedback')).waitFor();
await q.screenshot({ path: `${out}/choice-${locale}-${id}.png` });
console.log(await q.textContent(), errors);
await browser.close();
