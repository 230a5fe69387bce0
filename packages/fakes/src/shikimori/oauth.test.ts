import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shikimoriDemoAccounts } from './accounts';
import { type FakeShikimori, startFakeShikimori } from './server';
import { shikimoriDemoClient as client } from './store';

const redirectUri = 'http://127.0.0.1:3000/auth/shikimori/callback';
let fake: FakeShikimori;
beforeAll(async () => {
  fake = await startFakeShikimori({ enforceLimits: false });
});
afterAll(() => fake.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function authorizeUrl(params: Record<string, string>) {
  const url = new URL('/oauth/authorize', fake.url);
  const all = {
    client_id: client.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'user_rates',
    state: 'st-42',
    ...params,
  };
  for (const [k, v] of Object.entries(all)) url.searchParams.set(k, v);
  return url;
}

/** Loads the consent page and submits its form as a browser does when a button is clicked. */
async function consent(url: URL, button: Record<string, string>): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Авторизовать Anime Cards');
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    );
  }
  for (const [k, v] of Object.entries(button)) form.set(k, v);
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const res = await fetch(new URL(action!, fake.url), { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

const token = (form: Record<string, string>) =>
  fetch(`${fake.url}/oauth/token`, {
    method: 'POST',
    headers: { 'user-agent': 'AnimeCards tests' },
    body: new URLSearchParams({ client_id: client.clientId, client_secret: client.clientSecret, ...form }),
  });

async function codeFor(challenge: string, account = shikimoriDemoAccounts[0]!) {
  const back = await consent(authorizeUrl({ code_challenge: challenge, code_challenge_method: 'S256' }), {
    account: String(account.id),
  });
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe('st-42');
  return back.searchParams.get('code')!;
}

const whoami = (accessToken?: string) =>
  fetch(`${fake.url}/api/users/whoami`, {
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });

describe('fake Shikimori OAuth2', () => {
  it('runs authorize → code → token → whoami, then refreshes the token', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(challenge);
    const res = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as Record<string, string | number>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 86400, scope: 'user_rates' });
    expect(typeof tokens.created_at).toBe('number');

    const me = await whoami(String(tokens.access_token));
    expect(me.status).toBe(200);
    const account = shikimoriDemoAccounts[0]!;
    const body = (await me.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: account.id, nickname: account.nickname, locale: 'ru' });
    expect(body.avatar).toBe(`${fake.url}/system/users/x48/${account.id}.png?1700000000`);
    const avatar = await fetch(String(body.avatar));
    expect(avatar.headers.get('content-type')).toBe('image/png');

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as Record<string, string>;
    expect(next.access_token).not.toBe(tokens.access_token);
    expect((await whoami(next.access_token)).status).toBe(200);
    // The old pair is revoked, and a refresh token works once.
    expect((await whoami(String(tokens.access_token))).status).toBe(401);
    const again = await token({ grant_type: 'refresh_token', refresh_token: String(tokens.refresh_token) });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong PKCE verifier, a missing one, and a reused code', async () => {
    const { verifier, challenge } = pkce();
    const wrong = await token({
      grant_type: 'authorization_code',
      code: await codeFor(challenge),
      redirect_uri: redirectUri,
      code_verifier: pkce().verifier,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const missing = await token({
      grant_type: 'authorization_code',
      code: await codeFor(challenge),
      redirect_uri: redirectUri,
    });
    expect(missing.status).toBe(400);
    const code = await codeFor(challenge);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    };
    expect((await token(form)).status).toBe(200);
    expect((await token(form)).status).toBe(400);
  });

  it('refuses bad client credentials and a different redirect URI', async () => {
    const { verifier, challenge } = pkce();
    const badClient = await fetch(`${fake.url}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: client.clientId,
        client_secret: 'nope',
        code: 'x',
      }),
    });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toMatchObject({ error: 'invalid_client' });
    const elsewhere = await token({
      grant_type: 'authorization_code',
      code: await codeFor(challenge),
      redirect_uri: 'http://127.0.0.1:3000/elsewhere',
      code_verifier: verifier,
    });
    expect(elsewhere.status).toBe(400);
  });

  it('sends error=access_denied with the state back when the visitor cancels', async () => {
    const back = await consent(authorizeUrl({}), { decision: 'deny' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-42');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('validates the authorization request', async () => {
    const unknown = await fetch(authorizeUrl({ client_id: 'someone-else' }), { redirect: 'manual' });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('unknown client');
    const badScope = await fetch(authorizeUrl({ scope: 'everything' }), { redirect: 'manual' });
    expect(badScope.status).toBe(302);
    const location = new URL(badScope.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_scope');
    expect(location.searchParams.get('state')).toBe('st-42');
  });

  it('answers whoami with null for a guest and 401 for an unknown token', async () => {
    const guest = await whoami();
    expect(guest.status).toBe(200);
    expect(await guest.json()).toBeNull();
    const bad = await whoami('not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
  });
});
