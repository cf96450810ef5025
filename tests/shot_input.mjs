// Screenshot of the PE view's "from a word to layer 1" section.
import { launch, openLab, byTestId } from './e2e/lab.mjs';

const [locale = 'en', query = '', out = '/tmp/shots'] = process.argv.slice(2);
const browser = await launch();
const { page, errors } = await openLab(browser, `?lang=${locale}${query}`);
const section = page.locator(byTestId('pe-input'));
await section.scrollIntoViewIfNeeded();
await page.locator(byTestId('pe-input-table')).waitFor();
await page.waitForTimeout(300);
await section.screenshot({ path: `${out}/input-${locale}${query.replace(/[^a-z0-9]/gi, '')}.png` });
console.log(await page.locator(byTestId('pe-input-table')).innerText(), errors);
await browser.close();
