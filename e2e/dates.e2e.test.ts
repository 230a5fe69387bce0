import { cardsGet, inventoryGrant } from '@acg/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type SiteCookie, setLanguage, signInMember } from './browser';
import { startSystem } from './system';

/**
 * One date style per language (issue 22 item 5): every date the member and admin screens show,
 * read from the rendered text, is written the one way of the page's language (Intl's medium date
 * and short time); none is written another way (numeric, ISO, the other language's month names).
 * The expected shapes are written here by hand, from what a reader of each language expects.
 */
const MONTHS_EN = 'Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec';
const MONTHS_RU = 'янв|февр|мар|апр|мая|июн|июл|авг|сент|окт|нояб|дек';
// A date with its optional time, as each language writes it; Chromium's ICU puts a narrow
// no-break space before AM/PM.
const STYLE = {
  en: new RegExp(`^(${MONTHS_EN}) \\d{1,2}, \\d{4}(, \\d{1,2}:\\d{2}[\\s\\u202f][AP]M)?$`),
  ru: new RegExp(`^\\d{1,2} (${MONTHS_RU})\\.? \\d{4}\\s?г\\.(, \\d{2}:\\d{2})?$`),
} as const;
/** Anything that reads as a date, in any of the styles a page could fall into. */
const ANY_DATE = new RegExp(
  [
    `\\b(${MONTHS_EN})[a-z]* \\d{1,2}, \\d{4}(, \\d{1,2}:\\d{2}[\\s\\u202f][AP]M)?`,
    `\\b\\d{1,2} (${MONTHS_RU})[а-я]*\\.? \\d{4}\\s?г\\.(, \\d{2}:\\d{2})?`,
    '\\b\\d{4}-\\d{2}-\\d{2}(T[\\d:.]+Z?)?',
    '\\b\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}(,? \\d{1,2}:\\d{2}(:\\d{2})?( [AP]M)?)?',
  ].join('|'),
  'g',
);

let system: Awaited<ReturnType<typeof startSystem>>;
let browser: Browser;
const ids = { fan: 0, admin: 0 };
const cookies: Record<'fan' | 'admin', SiteCookie> = {} as never;

beforeAll(async () => {
  system = await startSystem();
  for (const [who, name] of [
    ['fan', 'sakura_fan'],
    ['admin', 'admin_hikari'],
  ] as const) {
    ({ id: ids[who], cookie: cookies[who] } = await signInMember(system.url, name));
  }
  const { cards } = await system.bus.request(cardsGet, { ids: [1, 2, 3, 4] });
  for (const [who, card] of cards.map((c, i) => [i < 2 ? 'fan' : 'admin', c] as const))
    await system.bus.request(inventoryGrant, {
      userId: ids[who],
      cardId: card.id,
      idempotencyKey: `dates-${card.id}`,
      source: 'admin',
    });
  browser = await launchChromium();
  // Dated things on every screen: a pending trade, a published news item (and its log entry).
  const admin = await open('admin', 'en');
  const status = await admin.page.evaluate(async (fan) => {
    const mine = await (await fetch('/api/inventory/tradeable')).json();
    const theirs = await (await fetch(`/api/inventory/tradeable?user_id=${fan}`)).json();
    const trade = await fetch('/trade/api', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        toUserId: fan,
        fromItems: [{ inventoryId: mine[0].inventoryId, quantity: 1 }],
        toItems: [{ inventoryId: theirs[0].inventoryId, quantity: 1 }],
      }),
    });
    const news = await fetch('/api/admin/news', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Dated news', content: 'Text', type: 'announcement', published: true }),
    });
    return [trade.status, news.status];
  }, ids.fan);
  expect(status).toEqual([expect.any(Number), expect.any(Number)]);
  expect(
    status.every((s) => s < 300),
    JSON.stringify(status),
  ).toBe(true);
  await admin.context.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await system?.dispose();
});

async function open(who: 'fan' | 'admin', language: 'en' | 'ru') {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies([cookies[who]]);
  const page = await context.newPage();
  await page.goto(`${system.url}/anime`);
  expect(await setLanguage(page, language)).toBe(200);
  return { context, page };
}

/** Every date-looking text of the page once it has settled. */
async function datesOn(page: Page, path: string, ready: string): Promise<string[]> {
  await page.goto(`${system.url}${path}`);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  // The rendered text (hidden nodes left out, blocks on their own lines), as a reader sees it.
  // biome-ignore lint/performance/useDomNodeTextContent: textContent would glue neighbouring cells' dates together.
  const text = await page.evaluate(() => document.body.innerText);
  return [...text.matchAll(ANY_DATE)].map((m) => m[0]);
}

const SCREENS: { who: 'fan' | 'admin'; path: string; ready: string }[] = [
  { who: 'fan', path: '/', ready: '.home-news__item time' },
  { who: 'fan', path: '/profile', ready: '.profile-card time' },
  { who: 'fan', path: '/trade', ready: '.trade-card time' },
  { who: 'admin', path: '/admin?tab=logs', ready: '.admin-table--logs tbody tr' },
  { who: 'admin', path: '/admin?tab=trades', ready: '.admin-table--trades tbody tr' },
];

describe('one date style per language on the member and admin screens', () => {
  it.each(['en', 'ru'] as const)('in %s', async (language) => {
    const counts: Record<string, number> = {};
    const wrong: string[] = [];
    for (const who of ['fan', 'admin'] as const) {
      const { context, page } = await open(who, language);
      for (const screen of SCREENS.filter((s) => s.who === who)) {
        const dates = await datesOn(page, screen.path, screen.ready);
        counts[screen.path] = dates.length;
        for (const date of dates) if (!STYLE[language].test(date)) wrong.push(`${screen.path}: ${date}`);
      }
      await context.close();
    }
    expect(wrong).toEqual([]);
    // Every screen above shows at least one date: the walk read them.
    expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
    console.log(`dates read in ${language}:`, JSON.stringify(counts));
  });
});
