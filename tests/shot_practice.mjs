// Screenshots of a practice question, answered, and of the guide's progress.
import { launch, openLab, byTestId } from './e2e/lab.mjs';

const [locale = 'en', id = 'loss-floor', value = '0.5', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await launch();
const { page, errors } = await openLab(browser, `?lang=${locale}`);
const q = page.locator(`${byTestId('question')}[data-question="${id}"]`);
await q.scrollIntoViewIfNeeded();
await q.locator(`${byTestId('question-submit')}:not([disabled])`).waitFor({ timeout: 20_000 });
await q.locator(byTestId('question-answer')).fill(value);
await q.locator(byTestId('question-submit')).click();
await q.locator(byTestId('question-feedback')).waitFor();
await q.screenshot({ path: `${out}/question-${locale}-${id}.png` });
await page.locator('details.guide summary').click();
await page.locator(byTestId('practice-progress')).scrollIntoViewIfNeeded();
await page.locator('.practice-progress').screenshot({ path: `${out}/progress-${locale}.png` });
console.log(await q.textContent(), errors);
await browser.close();
