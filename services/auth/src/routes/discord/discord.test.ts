import { sessionResolve } from '@acg/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthHarness,
  beginSignIn,
  callback,
  consentOnDiscord,
  cookieValue,
  startAuthHarness,
} from '../../test/harness';

let h: AuthHarness;
beforeAll(async () => {
  h = await startAuthHarness();
});
afterAll(() => h?.close());

const fan = () => h.accounts[0]!;
const admin = () => h.accounts[1]!;
const resolve = (sessionId: string) => h.bus.request(sessionResolve, { sessionId });

describe('GET /auth/discord', () => {
  it('sends the browser to Discord with state, PKCE S256 and our callback', async () => {
    const { res, location, loginId } = await beginSignIn(h);
    expect(res.statusCode).toBe(302);
    expect(location.origin + location.pathname).toBe(`${h.discord.url}/oauth2/authorize`);
    const q = location.searchParams;
    expect(q.get('client_id')).toBe(h.config.DISCORD_CLIENT_ID);
    expect(q.get('response_type')).toBe('code');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/auth/discord/callback');
    expect(q.get('scope')).toBe('identify email');
    expect(q.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(q.get('code_challenge_method')).toBe('S256');
    const cookie = res.cookies.find((c) => c.name === 'acg-login')!;
    expect(loginId).toMatch(/^[\w-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});

describe('GET /auth/discord/callback', () => {
  it('signs a new user in: session cookie, user record and a user.created event', async () => {
    const { sessionId, callback: res } = await h.signIn(admin());
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(sessionId).toMatch(/^[\w-]{43}$/);
    expect(res.cookies.find((c) => c.name === 'sid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });

    const { session } = await resolve(sessionId!);
    expect(session).toMatchObject({ username: 'admin_hikari', adminLevel: 0, language: 'en' });
    const created = await h.outboxEvents('user.created');
    expect(created.map((e) => e.data)).toContainEqual({
      id: session!.userId,
      username: 'admin_hikari',
      // Discord's global_name, the name the member set, is the name they are shown by.
      displayName: 'Hikari',
      discriminator: '0',
      discordId: admin().discordId,
      avatar: admin().avatar,
      adminLevel: 0,
    });
  });

  it('updates the same user on a later sign-in and renews the session id', async () => {
    const first = await h.signIn(fan());
    const before = (await resolve(first.sessionId!)).session!;
    fan().username = 'sakura_renamed';

    const second = await h.signIn(fan(), { sessionId: first.sessionId });
    expect(second.callback.headers.location).toBe('/');
    expect(second.sessionId).toBeDefined();
    expect(second.sessionId).not.toBe(first.sessionId);
    expect((await resolve(first.sessionId!)).session).toBeNull();
    const after = (await resolve(second.sessionId!)).session!;
    expect(after.userId).toBe(before.userId);
    expect(after.username).toBe('sakura_renamed');

    const created = await h.outboxEvents('user.created');
    expect(
      created.filter((e) => (e.data as { discordId: string }).discordId === fan().discordId),
    ).toHaveLength(1);
    const updated = await h.outboxEvents('user.updated');
    expect(updated.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ id: before.userId, username: 'sakura_renamed' }),
    );
  });

  it("names the member by Discord's global_name, by username when they set none; a new global_name is a user.updated", async () => {
    const account = fan();
    const saved = account.globalName;
    try {
      account.globalName = 'Сакура 🌸';
      const first = await h.signIn(account);
      const me = async (sid: string) =>
        (
          await h.inject({
            method: 'GET',
            url: '/api/me',
            headers: h.identity({ userId: (await resolve(sid)).session!.userId }),
          })
        ).json() as { user: { username: string; displayName: string } };
      expect((await me(first.sessionId!)).user).toMatchObject({
        username: account.username,
        displayName: 'Сакура 🌸',
      });
      account.globalName = null;
      const second = await h.signIn(account, { sessionId: first.sessionId });
      expect((await me(second.sessionId!)).user).toMatchObject({
        username: account.username,
        displayName: account.username,
      });
      const updated = (await h.outboxEvents('user.updated')).map((e) => e.data);
      expect(updated).toContainEqual(
        expect.objectContaining({ username: account.username, displayName: account.username }),
      );
      const users = (
        await h.inject({
          method: 'GET',
          url: '/api/users',
          headers: h.identity({ userId: (await resolve(second.sessionId!)).session!.userId }),
        })
      ).json() as Array<{
        username: string;
        displayName: string;
      }>;
      expect(users.find((u) => u.username === account.username)?.displayName).toBe(account.username);
    } finally {
      account.globalName = saved;
    }
  });

  it('refuses a callback whose state does not match', async () => {
    const { location, loginId } = await beginSignIn(h);
    const back = await consentOnDiscord(location, fan());
    back.searchParams.set('state', 'forged-state-value');
    const res = await callback(h, back, { 'acg-login': loginId });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?login=failed');
    expect(cookieValue(res, 'sid')).toBeUndefined();
  });

  it('refuses a callback from a browser that did not start the sign-in, and a replayed one', async () => {
    const { location, loginId } = await beginSignIn(h);
    const back = await consentOnDiscord(location, fan());
    const otherBrowser = await callback(h, back, {});
    expect(otherBrowser.headers.location).toBe('/?login=failed');

    const ok = await callback(h, back, { 'acg-login': loginId });
    expect(ok.headers.location).toBe('/');
    const replay = await callback(h, back, { 'acg-login': loginId });
    expect(replay.headers.location).toBe('/?login=failed');
  });

  it('tells a cancel on Discord apart from a failure: back to the page with login=cancelled', async () => {
    const { location, loginId } = await beginSignIn(h, undefined, { returnTo: '/characters' });
    // The visitor presses Cancel on the consent page, which answers as Discord does.
    const back = await consentOnDiscord(location, fan(), { decision: 'deny' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(location.searchParams.get('state'));
    const res = await callback(h, back, { 'acg-login': loginId });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/characters?login=cancelled');
    expect(cookieValue(res, 'sid')).toBeUndefined();
    // The sign-in is used up: the same answer again is no longer a sign-in in progress.
    const again = await callback(h, back, { 'acg-login': loginId });
    expect(again.headers.location).toBe('/?login=cancelled');
  });

  it('reports any other Discord error as a failure, on the page the sign-in started from', async () => {
    const { location, loginId } = await beginSignIn(h, undefined, { returnTo: '/profile' });
    const back = new URL('http://localhost:3000/auth/discord/callback');
    back.searchParams.set('error', 'server_error');
    back.searchParams.set('state', location.searchParams.get('state')!);
    const res = await callback(h, back, { 'acg-login': loginId });
    expect(res.headers.location).toBe('/profile?login=failed');
  });

  it('reports a state mismatch and a refused code as failures on the starting page', async () => {
    const forged = await beginSignIn(h, undefined, { returnTo: '/characters' });
    const forgedBack = await consentOnDiscord(forged.location, fan());
    forgedBack.searchParams.set('state', 'forged-state-value');
    const mismatch = await callback(h, forgedBack, { 'acg-login': forged.loginId });
    expect(mismatch.headers.location).toBe('/characters?login=failed');

    const refused = await beginSignIn(h, undefined, { returnTo: '/characters' });
    const refusedBack = await consentOnDiscord(refused.location, fan());
    refusedBack.searchParams.set('code', 'not-a-code-discord-issued');
    const token = await callback(h, refusedBack, { 'acg-login': refused.loginId });
    expect(token.headers.location).toBe('/characters?login=failed');
    expect(cookieValue(token, 'sid')).toBeUndefined();
  });

  it('fails cleanly when Discord refuses the code', async () => {
    const { location, loginId } = await beginSignIn(h);
    const back = await consentOnDiscord(location, fan());
    back.searchParams.set('code', 'not-a-code-discord-issued');
    const res = await callback(h, back, { 'acg-login': loginId });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/?login=failed');
  });

  it('carries a language chosen before signing in into the account', async () => {
    const anon = await h.inject({
      method: 'POST',
      url: '/change-language/ru',
      headers: { 'content-type': 'application/json' },
    });
    const anonSession = cookieValue(anon, 'sid')!;
    const { sessionId } = await h.signIn(admin(), { sessionId: anonSession });
    expect((await resolve(sessionId!)).session).toMatchObject({ username: 'admin_hikari', language: 'ru' });
    const me = await h.inject({
      method: 'GET',
      url: '/api/me',
      headers: h.identity({ userId: (await resolve(sessionId!)).session!.userId }),
    });
    expect(me.json().user.language).toBe('ru');
  });
});

describe('returning to the page the sign-in started from', () => {
  const signInFrom = async (returnTo: string) => {
    const started = await beginSignIn(h, undefined, { returnTo });
    expect(started.res.statusCode).toBe(302);
    // The page to return to stays server-side: Discord never sees it.
    expect(started.location.toString()).not.toContain('returnTo');
    expect(started.location.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/auth/discord/callback',
    );
    const back = await consentOnDiscord(started.location, fan());
    const res = await callback(h, back, { 'acg-login': started.loginId });
    expect(cookieValue(res, 'sid')).toMatch(/^[\w-]{43}$/);
    return res.headers.location;
  };

  it.each([
    ['/characters', '/characters'],
    ['/profile?tab=stats', '/profile?tab=stats'],
    ['/characters?login=failed', '/characters'],
  ])('returns to %s after signing in', async (returnTo, expected) => {
    expect(await signInFrom(returnTo)).toBe(expected);
  });

  it.each([
    '//evil.example',
    '//evil.example/characters',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/x\r\nLocation: https://evil.example',
    '/auth/logout',
    `/${'a'.repeat(600)}`,
  ])('refuses %j and returns home instead (no open redirect)', async (returnTo) => {
    expect(await signInFrom(returnTo)).toBe('/');
  });

  it('reads only one returnTo: a repeated parameter is refused', async () => {
    const res = await h.inject({ method: 'GET', url: '/auth/discord?returnTo=/a&returnTo=//evil.example' });
    const back = await consentOnDiscord(new URL(res.headers.location as string), fan());
    const done = await callback(h, back, { 'acg-login': cookieValue(res, 'acg-login') });
    expect(done.headers.location).toBe('/');
  });
});
