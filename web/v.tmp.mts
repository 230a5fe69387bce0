import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createRenderer } from './src/index.ts';

const r = createRenderer({ mode: 'production' });
let lang: 'en' | 'ru' = 'en';
let signedIn = process.env.SIGNED === '1';
const server = createServer(async (req, res) => {
  const url = req.url ?? '/';
  if (url.startsWith('/assets/')) {
    const f = join(r.assetsDir, url.slice(8));
    res.setHeader('content-type', f.endsWith('.css') ? 'text/css' : 'text/javascript');
    res.end(await readFile(f)); return;
  }
  if (url === '/api/stats') { await new Promise((r) => setTimeout(r, 300)); res.setHeader('content-type', 'application/json'); res.end(JSON.stringify({ users: 12345, anime: 321, cards: 98765 })); return; }
  if (url.startsWith('/change-language/')) { lang = url.endsWith('ru') ? 'ru' : 'en'; res.setHeader('content-type', 'application/json'); res.end('{"success":true}'); return; }
  const page = await r.render({ url, user: signedIn ? { id: 1, adminLevel: 4, username: 'Sakura' } : null, language: lang });
  res.statusCode = page.status; res.setHeader('content-type', 'text/html; charset=utf-8'); res.end(page.html);
});
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const port = (server.address() as { port: number }).port;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
const errors: string[] = [];
for (const [w, h] of [[1280, 800], [360, 740]]) {
  for (const l of ['en', 'ru'] as const) {
    lang = l;
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') errors.push(`${w} ${l}: ${m.text()}`); });
    page.on('pageerror', (e) => errors.push(`${w} ${l}: ${e.message}`));
    await page.goto(`http://127.0.0.1:${port}${process.env.PAGE ?? '/'}`);
    await page.waitForTimeout(700);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(w, l, 'horizontal overflow px:', overflow);
    await page.screenshot({ path: `/tmp/shot-${w}-${l}${signedIn ? '-in' : ''}.png`, fullPage: true });
    await page.close();
  }
}
// language switch flow
lang = 'en';
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${port}/`);
await page.waitForTimeout(300);
await page.getByLabel('Language').selectOption('ru');
await page.waitForLoadState('load');
await page.waitForTimeout(800);
console.log('after switch lang attr:', await page.getAttribute('html', 'lang'));
// keyboard: first tab focuses skip link
await page.keyboard.press('Tab');
console.log('first focus:', await page.evaluate(() => document.activeElement?.textContent));
await page.keyboard.press('Enter');
console.log('after skip focus:', await page.evaluate(() => document.activeElement?.id));
// client navigation
await page.getByRole('link', { name: 'Аниме', exact: true }).click();
await page.waitForTimeout(200);
console.log('title after nav:', await page.title(), page.url());
console.log('errors:', errors);
await browser.close(); server.close();
