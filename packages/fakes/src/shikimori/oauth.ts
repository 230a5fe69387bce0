import type { FastifyInstance } from 'fastify';
import { redirectTo } from '../discord/authorize-request';
import { renderAuthorizePage, renderErrorPage, type ShikimoriAuthorizeRequest } from './authorize-page';
import type { ShikimoriOAuthStore } from './store';

type Params = Record<string, unknown>;
type Check =
  | { kind: 'ok'; request: ShikimoriAuthorizeRequest }
  | { kind: 'page'; message: string }
  | { kind: 'redirect'; location: string };

const SCOPES = new Set([
  'user_rates',
  'email',
  'messages',
  'comments',
  'topics',
  'content',
  'clubs',
  'friends',
  'ignores',
]);
const PKCE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Doorkeeper's checks: client and redirect URI first (an error page), the rest back to the app. */
function check(store: ShikimoriOAuthStore, params: Params): Check {
  const client = store.client(text(params.client_id));
  if (!client) {
    return {
      kind: 'page',
      message:
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
    };
  }
  const redirectUri = text(params.redirect_uri);
  if (
    !redirectUri ||
    !isHttpUrl(redirectUri) ||
    (client.redirectUris !== undefined && !client.redirectUris.includes(redirectUri))
  ) {
    return { kind: 'page', message: 'The redirect uri included is not valid.' };
  }
  const state = text(params.state);
  const fail = (error: string, error_description: string): Check => ({
    kind: 'redirect',
    location: redirectTo(redirectUri, { error, error_description, state }),
  });
  if (params.response_type !== 'code') {
    return fail('unsupported_response_type', 'The authorization server does not support this response type.');
  }
  const scopes = (text(params.scope) ?? 'user_rates').split(/[ +]/).filter(Boolean);
  if (scopes.some((s) => !SCOPES.has(s))) {
    return fail('invalid_scope', 'The requested scope is invalid, unknown, or malformed.');
  }
  const codeChallenge = text(params.code_challenge);
  const method = text(params.code_challenge_method) ?? 'plain';
  if (
    codeChallenge !== undefined &&
    (!PKCE_CHALLENGE.test(codeChallenge) || !['S256', 'plain'].includes(method))
  ) {
    return fail('invalid_request', 'The code_challenge or code_challenge_method is invalid.');
  }
  return {
    kind: 'ok',
    request: {
      clientId: client.clientId,
      redirectUri,
      scopes,
      state,
      codeChallenge,
      codeChallengeMethod: method as 'S256' | 'plain',
    },
  };
}

/** The browser side of the authorization-code flow: the consent page and its form. */
export function registerAuthorize(app: FastifyInstance, store: ShikimoriOAuthStore): void {
  const answer = (result: Check, reply: import('fastify').FastifyReply) => {
    if (result.kind === 'page')
      return reply.code(400).type('text/html; charset=utf-8').send(renderErrorPage(result.message));
    if (result.kind === 'redirect') return reply.redirect(result.location, 302);
    return undefined;
  };

  app.get('/oauth/authorize', async (req, reply) => {
    const result = check(store, req.query as Params);
    if (result.kind !== 'ok') return answer(result, reply);
    return reply.type('text/html; charset=utf-8').send(renderAuthorizePage(result.request, store.accounts));
  });

  app.post('/oauth/authorize', async (req, reply) => {
    const form = (req.body ?? {}) as Params;
    const result = check(store, form);
    if (result.kind !== 'ok') return answer(result, reply);
    const { request } = result;
    if (form.decision === 'deny') {
      return reply.redirect(
        redirectTo(request.redirectUri, {
          error: 'access_denied',
          error_description: 'The resource owner or authorization server denied the request.',
          state: request.state,
        }),
        302,
      );
    }
    const account = store.account(Number(form.account));
    if (!account)
      return reply.code(400).type('text/html; charset=utf-8').send(renderErrorPage('Неизвестный аккаунт.'));
    const code = store.issueCode({
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      scopes: request.scopes,
      accountId: account.id,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
    });
    return reply.redirect(redirectTo(request.redirectUri, { code, state: request.state }), 302);
  });
}
