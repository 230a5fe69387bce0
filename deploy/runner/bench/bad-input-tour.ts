/**
 * A tour of bad input through the gateway of the embedded system (`npm start`'s system on free
 * ports, with the fakes), printing each request and the answer it got: the trades rules
 * (docs/rules.md §34) and the anime search (spec 1 §2). Every answer must be a 4xx with a clear
 * message (or, for the anime search, a clear `{error}` / an empty list), never a 5xx; the script
 * exits non-zero if one is.
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
} finally {
  await system.dispose();
}
console.log(`\n${serverErrors} answer(s) with a 5xx`);
process.exit(serverErrors > 0 ? 1 : 0);
