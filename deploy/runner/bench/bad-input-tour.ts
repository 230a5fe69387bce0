/**
 * A tour of bad input through the gateway of the embedded system (`npm start`'s system on free
 * ports, with the fakes), printing each request and the answer it got: the trades rules
 * (docs/rules.md §34), the anime search (requirements M2) and the admin operations (requirements O: levels,
 * log filters, translations, relay settings). Every answer must be a 4xx with a clear message
 * (or, for the anime search, a clear `{error}` / an empty list), never a 5xx; the script exits
 * non-zero if one is. The admin part reads the changed things back to show nothing was changed.
 *
 *   pnpm exec tsx deploy/runner/bench/bad-input-tour.ts
 */
import { inventoryGrant } from '@acg/contracts';
import { startSystem } from '../../../e2e/system';
import { signIn } from '../src/testing/sign-in';

const system = await startSystem();
const base = system.url;
let serverErrors = 0;

async function call(label: string, method: string, path: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: base,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 500) serverErrors += 1;
  const shown = text.length > 220 ? `${text.slice(0, 220)}…` : text;
  console.log(
    `${label}\n  ${method} ${path.length > 90 ? `${path.slice(0, 90)}…` : path} → ${res.status} ${shown}`,
  );
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

try {
  const fan = await signIn(base, 'sakura_fan');
  const other = await signIn(base, 'admin_hikari');
  const idOf = async (cookie: string) =>
    ((await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as { user: { id: number } })
      .user;
  const me = await idOf(fan);
  const them = await idOf(other);
  // Each side gets two copies of a card, as the bot's drops would give them.
  for (const [userId, cardId] of [
    [me.id, 1],
    [me.id, 1],
    [them.id, 2],
  ] as const)
    await system.bus.request(inventoryGrant, {
      userId,
      cardId,
      idempotencyKey: `tour-${userId}-${cardId}-${Math.random()}`,
      source: 'admin',
    });
  const inventoryOf = async (cookie: string) =>
    (await (await fetch(`${base}/api/inventory/my`, { headers: { cookie } })).json()) as Array<{
      id: number;
      quantity: number;
    }>;
  const mine = await inventoryOf(fan);
  const theirs = await inventoryOf(other);
  const myCopy = mine[0]!;
  const theirCopy = theirs[0]!;

  console.log('\n## Trades (POST /trade/api, POST /trade/api/{id}/{action})\n');
  await call('unknown user', 'POST', '/trade/api', fan, {
    toUserId: 99_999_999,
    fromItems: [{ inventoryId: myCopy.id }],
  });
  await call('trade with oneself', 'POST', '/trade/api', fan, {
    toUserId: me.id,
    fromItems: [{ inventoryId: myCopy.id }],
  });
  await call("offering another user's copy", 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: [{ inventoryId: theirCopy.id }],
  });
  await call('negative quantity', 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: [{ inventoryId: myCopy.id, quantity: -1 }],
  });
  await call('huge quantity', 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: [{ inventoryId: myCopy.id, quantity: 1e9 }],
  });
  await call('more copies than held', 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: [{ inventoryId: myCopy.id, quantity: myCopy.quantity + 1 }],
  });
  await call('duplicate items', 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: [{ inventoryId: myCopy.id }, { inventoryId: myCopy.id }],
  });
  await call('200 items', 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: Array.from({ length: 200 }, (_, i) => ({ inventoryId: myCopy.id + i })),
  });
  await call('an empty trade', 'POST', '/trade/api', fan, { toUserId: them.id });
  const offer = (await call('a valid offer (reserves the copies)', 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: [{ inventoryId: myCopy.id, quantity: myCopy.quantity }],
    toItems: [{ inventoryId: theirCopy.id }],
  })) as { id?: number; trade?: { id: number } };
  const tradeId = offer.trade?.id ?? offer.id;
  await call('the reserved copies offered again', 'POST', '/trade/api', fan, {
    toUserId: them.id,
    fromItems: [{ inventoryId: myCopy.id }],
  });
  await call('a wrong action', 'POST', `/trade/api/${tradeId}/explode`, other);
  await call('accepting one’s own offer', 'POST', `/trade/api/${tradeId}/accept`, fan);
  await call('cancelling another user’s offer', 'POST', `/trade/api/${tradeId}/cancel`, other);
  await call('an unknown trade', 'POST', '/trade/api/2147483000/accept', other);
  await call('a malformed trade id', 'POST', '/trade/api/abc/accept', other);
  await call('not signed in', 'POST', '/trade/api', undefined, { toUserId: them.id });
  await call('the offer declined by its receiver', 'POST', `/trade/api/${tradeId}/decline`, other);
  await call('…and declined again', 'POST', `/trade/api/${tradeId}/decline`, other);

  console.log('\n## Anime search and detail\n');
  await call('blank query', 'GET', '/api/anime/search?q=%20%20');
  await call('10 KB query', 'GET', `/api/anime/search?q=${'a'.repeat(10_240)}`);
  await call('NUL in the query', 'GET', '/api/anime/search?q=a%00b');
  await call('unknown id', 'GET', '/api/anime/99999999/details');
  await call('malformed id', 'GET', '/api/anime/abc%20def/details');
  await call('id too large', 'GET', '/api/anime/99999999999999999999/details');
  await call('unknown AniList id', 'GET', '/api/anime/anilist-0/details');
  await call('cards of an unknown anime', 'GET', '/api/anime/abc/cards');

  console.log('\n## Admin operations (as the administrator admin_hikari)\n');
  const admin = other;
  await call('level 4', 'POST', `/admin/users/${me.id}/adminLevel`, admin, { adminLevel: 4 });
  await call('level 5', 'POST', `/admin/users/${me.id}/adminLevel`, admin, { adminLevel: 5 });
  await call('one’s own level', 'POST', `/admin/users/${them.id}/adminLevel`, admin, { adminLevel: 1 });
  await call('a level that is not a number', 'POST', `/admin/users/${me.id}/adminLevel`, admin, {
    adminLevel: 'moderator',
  });
  await call('an unknown user', 'POST', '/admin/users/99999999/adminLevel', admin, { adminLevel: 1 });
  await call('a fan changing levels', 'POST', `/admin/users/${them.id}/adminLevel`, fan, { adminLevel: 0 });
  const fanAfter = (await (await fetch(`${base}/api/me`, { headers: { cookie: fan } })).json()) as {
    user: { adminLevel: number };
  };
  console.log(`  → the fan's level afterwards: ${fanAfter.user.adminLevel}`);
  await call('log filter: month 13', 'GET', '/admin/logs?startDate=2024-13-45', admin);
  await call('log filter: 30 February', 'GET', '/admin/logs?startDate=2024-02-30', admin);
  await call('log filter: a word for a date', 'GET', '/admin/logs?endDate=yesterday', admin);
  await call('CSV export: a dotted date', 'GET', '/admin/logs/export?startDate=31.12.2024', admin);
  const before = await (await fetch(`${base}/api/i18n/ru`)).text();
  const big = JSON.stringify({ 'home.title': 'x'.repeat(10 * 1024 * 1024) });
  const res = await fetch(`${base}/admin/i18n?lang=ru`, {
    method: 'POST',
    headers: { cookie: admin, 'content-type': 'application/json', origin: base },
    body: big,
  });
  if (res.status >= 500) serverErrors += 1;
  console.log(
    `a 10 MB translation import\n  POST /admin/i18n?lang=ru → ${res.status} ${(await res.text()).slice(0, 220)}`,
  );
  const broken = await fetch(`${base}/admin/i18n?lang=ru`, {
    method: 'POST',
    headers: { cookie: admin, 'content-type': 'application/json', origin: base },
    body: '{"home.title": "Привет",',
  });
  if (broken.status >= 500) serverErrors += 1;
  console.log(
    `invalid JSON\n  POST /admin/i18n?lang=ru → ${broken.status} ${(await broken.text()).slice(0, 220)}`,
  );
  const after = await (await fetch(`${base}/api/i18n/ru`)).text();
  console.log(`  → the ru translations afterwards: ${after === before ? 'unchanged' : 'CHANGED'}`);
  if (after !== before) serverErrors += 1;
  await call('a cron text that does not parse', 'POST', '/api/admin/config', admin, {
    key: 'vk.schedule',
    value: 'every five minutes',
  });
  await call('a non-numeric channel id', 'POST', '/api/admin/config', admin, {
    key: 'vk.discordChannelId',
    value: 'news-channel',
  });
  await call('checking a non-numeric channel', 'GET', '/api/admin/discord/check-channel/news', admin);
  await call('a fan reading a setting', 'GET', '/api/config/vk.schedule', fan);
  await call('the schedule afterwards', 'GET', '/api/config/vk.schedule', admin);
} finally {
  await system.dispose();
}
console.log(`\n${serverErrors} answer(s) with a 5xx`);
process.exit(serverErrors > 0 ? 1 : 0);
