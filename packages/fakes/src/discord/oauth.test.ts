import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from './accounts';
import { type FakeDiscord, startFakeDiscord } from './server';
import { demoClient } from './store';

const redirectUri = 'http://127.0.0.1:3000/auth/discord/callback';
let discord: FakeDiscord;

beforeAll(async () => {
  discord = await startFakeDiscord();
});
afterAll(() => discord.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function authorizeUrl(challenge: string, overrides: Record<string, string> = {}) {
  const url = new URL('/oauth2/authorize', discord.url);
  const params = {
    client_id: demoClient.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'identify email',
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** Loads the consent page and submits its form the way a browser would when a button is clicked. */
async function signInOnConsentPage(url: URL, button: Record<string, string>): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Sign in to Anime Cards with a demo account');
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    );
  }
  for (const [k, v] of Object.entries(button)) form.set(k, v);
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const res = await fetch(new URL(action!, discord.url), { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

function token(form: Record<string, string>, basic = true) {
  const headers: Record<string, string> = {};
  const body = new URLSearchParams(form);
  if (basic) {
    headers.authorization = `Basic ${Buffer.from(`${demoClient.clientId}:${demoClient.clientSecret}`).toString('base64')}`;
  } else {
    body.set('client_id', demoClient.clientId);
    body.set('client_secret', demoClient.clientSecret);
  }
  return fetch(`${discord.url}/api/oauth2/token`, { method: 'POST', headers, body });
}

async function codeFor(accountIndex: number, challenge: string) {
  const back = await signInOnConsentPage(authorizeUrl(challenge), {
    account: demoAccounts[accountIndex]!.discordId,
  });
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe('state-123');
  return back.searchParams.get('code')!;
}

describe('fake Discord OAuth2', () => {
  it('runs the whole authorization code + PKCE flow and serves the signed-in user', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(1, challenge);

    const res = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    });
    expect(res.status).toBe(200);
    const tokens = (await res.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 604800, scope: 'identify email' });
    expect(typeof tokens.access_token).toBe('string');
    expect(typeof tokens.refresh_token).toBe('string');

    const me = await fetch(`${discord.url}/api/users/@me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(200);
    const admin = demoAccounts[1]!;
    expect(await me.json()).toMatchObject({
      id: admin.discordId,
      username: admin.username,
      global_name: admin.globalName,
      discriminator: '0',
      avatar: admin.avatar,
      email: admin.email,
      verified: true,
    });

    const revoke = await fetch(`${discord.url}/api/oauth2/token/revoke`, {
      method: 'POST',
      body: new URLSearchParams({
        token: String(tokens.access_token),
        client_id: demoClient.clientId,
        client_secret: demoClient.clientSecret,
      }),
    });
    expect(revoke.status).toBe(200);
    const after = await fetch(`${discord.url}/api/users/@me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ message: '401: Unauthorized', code: 0 });
  });

  it('refuses a wrong PKCE verifier', async () => {
    const { challenge } = pkce();
    const code = await codeFor(0, challenge);
    const res = await token(
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: pkce().verifier },
      false,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid "code_verifier" in request.',
    });
  });

  it('accepts a code only once', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(0, challenge);
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    };
    expect((await token(form)).status).toBe(200);
    const again = await token(form);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code redeemed with another redirect URI or bad client credentials', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(0, challenge);
    const wrongUri = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://127.0.0.1:3000/elsewhere',
      code_verifier: verifier,
    });
    expect(wrongUri.status).toBe(400);
    const badClient = await fetch(`${discord.url}/api/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${demoClient.clientId}:wrong`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }),
    });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toEqual({ error: 'invalid_client' });
  });

  it('validates the authorization request', async () => {
    const { challenge } = pkce();
    const unknownClient = await fetch(authorizeUrl(challenge, { client_id: '42' }), { redirect: 'manual' });
    expect(unknownClient.status).toBe(400);
    const plain = await fetch(authorizeUrl(challenge, { code_challenge_method: 'plain' }), {
      redirect: 'manual',
    });
    expect(plain.status).toBe(302);
    const location = new URL(plain.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('state-123');
  });

  it('sends access_denied back when the visitor cancels', async () => {
    const back = await signInOnConsentPage(authorizeUrl(pkce().challenge), { decision: 'deny' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });
});
