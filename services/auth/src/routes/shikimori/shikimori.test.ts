import { sessionResolve } from '@acg/contracts';
import {
  type FakeShikimori,
  shikimoriDemoAccounts,
  shikimoriDemoClient,
  startFakeShikimori,
} from '@acg/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthHarness, startAuthHarness } from '../../test/harness';

let fake: FakeShikimori;
let h: AuthHarness;
let off: AuthHarness;
beforeAll(async () => {
  fake = await startFakeShikimori({ enforceLimits: false });
  h = await startAuthHarness({
    env: {
      SHIKIMORI_BASE_URL: fake.url,
      SHIKIMORI_CLIENT_ID: shikimoriDemoClient.clientId,
      SHIKIMORI_CLIENT_SECRET: shikimoriDemoClient.clientSecret,
    },
  });
  // Without a Shikimori application, linking is switched off.
  off = await startAuthHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
  await off?.close();
  await fake?.close();
});

const LOGIN = 'acg-login';
const member = async (harness: AuthHarness, index = 0) => {
  const { sessionId } = await harness.signIn(harness.accounts[index]!);
  const { session } = await harness.bus.request(sessionResolve, { sessionId: sessionId! });
  return { sessionId: sessionId!, userId: session!.userId! };
};
const me = async (userId: number) =>
  (await h.inject({ method: 'GET', url: '/api/me', headers: h.identity({ userId }) })).json().user as {
    shikimoriId: number | null;
    shikimoriNickname: string | null;
    shikimoriAvatar: string | null;
  };

async function begin(harness: AuthHarness, userId: number) {
  const res = await harness.inject({
    method: 'GET',
    url: '/auth/shikimori',
    headers: harness.identity({ userId }),
  });
  return {
    res,
    location: new URL(res.headers.location as string, 'http://x.invalid'),
    loginId: res.cookies.find((c) => c.name === LOGIN)?.value,
  };
}

/** The fake's consent page, answered as a browser does when a button is pressed. */
async function consent(url: URL, button: Record<string, string>): Promise<URL> {
  const html = await (await fetch(url)).text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    );
  for (const [k, v] of Object.entries(button)) form.set(k, v);
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const res = await fetch(new URL(action!, fake.url), { method: 'POST', body: form, redirect: 'manual' });
  return new URL(res.headers.get('location')!);
}

const callback = (back: URL, userId: number | null, loginId: string | undefined) =>
  h.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: h.identity({ userId }),
    cookies: loginId ? { [LOGIN]: loginId } : {},
  });

describe('Shikimori account linking', () => {
  it('links the account: state and PKCE to Shikimori, the identity stored, back to the profile', async () => {
    const { userId } = await member(h);
    const started = await begin(h, userId);
    expect(started.res.statusCode).toBe(302);
    expect(started.location.origin + started.location.pathname).toBe(`${fake.url}/oauth/authorize`);
    const q = started.location.searchParams;
    expect(q.get('client_id')).toBe(shikimoriDemoClient.clientId);
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/auth/shikimori/callback');
    expect(q.get('scope')).toBe('user_rates');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);

    const account = shikimoriDemoAccounts[0]!;
    const back = await consent(started.location, { account: String(account.id) });
    const res = await callback(back, userId, started.loginId);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/profile?shikimori=linked');
    expect(await me(userId)).toEqual(
      expect.objectContaining({
        shikimoriId: account.id,
        shikimoriNickname: account.nickname,
        shikimoriAvatar: `${fake.url}/system/users/x160/${account.id}.png?1700000000`,
      }),
    );

    // The same answer again (a replayed callback) is refused: each link completes once.
    const replay = await callback(back, userId, started.loginId);
    expect(replay.headers.location).toBe('/profile?shikimori=failed');

    // Unlinking clears it.
    const unlink = await h.inject({
      method: 'POST',
      url: '/auth/shikimori/unlink',
      headers: h.identity({ userId }),
    });
    expect(unlink.statusCode).toBe(200);
    expect(unlink.json()).toEqual({ success: true });
    expect(await me(userId)).toEqual(
      expect.objectContaining({ shikimoriId: null, shikimoriNickname: null, shikimoriAvatar: null }),
    );
  });

  it('says cancelled when the member denies on Shikimori, and stores nothing', async () => {
    const { userId } = await member(h);
    await h.inject({ method: 'POST', url: '/auth/shikimori/unlink', headers: h.identity({ userId }) });
    const started = await begin(h, userId);
    const back = await consent(started.location, { decision: 'deny' });
    const res = await callback(back, userId, started.loginId);
    expect(res.headers.location).toBe('/profile?shikimori=cancelled');
    expect((await me(userId)).shikimoriId).toBeNull();
  });

  it('refuses a tampered state, another member finishing it, and a missing login cookie', async () => {
    const fan = await member(h, 0);
    const other = await member(h, 1);
    const account = String(shikimoriDemoAccounts[1]!.id);

    const s1 = await begin(h, fan.userId);
    const back1 = await consent(s1.location, { account });
    back1.searchParams.set('state', 'forged-state-value-0123456789');
    expect((await callback(back1, fan.userId, s1.loginId)).headers.location).toBe(
      '/profile?shikimori=failed',
    );

    const s2 = await begin(h, fan.userId);
    const back2 = await consent(s2.location, { account });
    expect((await callback(back2, other.userId, s2.loginId)).headers.location).toBe(
      '/profile?shikimori=failed',
    );

    const s3 = await begin(h, fan.userId);
    const back3 = await consent(s3.location, { account });
    expect((await callback(back3, fan.userId, undefined)).headers.location).toBe('/profile?shikimori=failed');
    expect((await me(other.userId)).shikimoriId).toBeNull();
  });

  it('links one Shikimori account to one member only', async () => {
    const fan = await member(h, 0);
    const other = await member(h, 1);
    const account = String(shikimoriDemoAccounts[1]!.id);
    const first = await begin(h, fan.userId);
    await callback(await consent(first.location, { account }), fan.userId, first.loginId);
    const second = await begin(h, other.userId);
    const res = await callback(await consent(second.location, { account }), other.userId, second.loginId);
    expect(res.headers.location).toBe('/profile?shikimori=taken');
    expect((await me(other.userId)).shikimoriId).toBeNull();
    expect((await me(fan.userId)).shikimoriId).toBe(shikimoriDemoAccounts[1]!.id);
  });

  it('says failed when Shikimori is down at the token exchange', async () => {
    const { userId } = await member(h);
    const started = await begin(h, userId);
    const back = await consent(started.location, { account: String(shikimoriDemoAccounts[0]!.id) });
    await fake.setMode({ down: '503' });
    try {
      const res = await callback(back, userId, started.loginId);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/profile?shikimori=failed');
    } finally {
      await fake.reset();
    }
  });

  it('asks a signed-out visitor to sign in (401), and says unavailable when no application is set up', async () => {
    expect((await h.inject({ method: 'GET', url: '/auth/shikimori' })).statusCode).toBe(401);
    expect((await h.inject({ method: 'POST', url: '/auth/shikimori/unlink' })).statusCode).toBe(401);
    const { userId } = await member(off);
    const res = await off.inject({
      method: 'GET',
      url: '/auth/shikimori',
      headers: off.identity({ userId }),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/profile?shikimori=unavailable');
  });
});
