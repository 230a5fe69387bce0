import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderAuthorizePage, renderErrorPage } from './authorize-page';
import { type AuthorizeCheck, checkAuthorizeRequest, redirectTo } from './authorize-request';
import type { FakeDiscordStore } from './store';

type Params = Record<string, unknown>;

/** Answers a failed check; returns true when the reply was sent. */
function replyToFailure(check: AuthorizeCheck, reply: FastifyReply): boolean {
  if (check.kind === 'page') {
    reply.code(400).type('text/html; charset=utf-8').send(renderErrorPage(check.message));
    return true;
  }
  if (check.kind === 'redirect') {
    reply.redirect(check.location, 302);
    return true;
  }
  return false;
}

/**
 * The browser side of Discord's authorization-code flow: the consent page (GET) and its form
 * submission (POST), which issues a one-time code bound to the client, redirect URI and PKCE
 * challenge and sends the browser back to the application.
 */
export function registerAuthorize(app: FastifyInstance, store: FakeDiscordStore): void {
  app.get('/oauth2/authorize', async (req, reply) => {
    const check = checkAuthorizeRequest(store, req.query as Params);
    if (replyToFailure(check, reply) || check.kind !== 'ok') return reply;
    return reply.type('text/html; charset=utf-8').send(renderAuthorizePage(check.request, store.accounts));
  });

  app.post('/oauth2/authorize', async (req, reply) => {
    const form = (req.body ?? {}) as Params;
    const check = checkAuthorizeRequest(store, form);
    if (replyToFailure(check, reply) || check.kind !== 'ok') return reply;
    const { request } = check;
    if (form.decision === 'deny') {
      return reply.redirect(
        redirectTo(request.redirectUri, {
          error: 'access_denied',
          error_description: 'The resource owner or authorization server denied the request',
          state: request.state,
        }),
        302,
      );
    }
    const account = store.account(typeof form.account === 'string' ? form.account : undefined);
    if (!account) {
      return reply.code(400).type('text/html; charset=utf-8').send(renderErrorPage('Unknown account.'));
    }
    const code = store.issueCode({
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scopes: request.scopes,
      discordId: account.discordId,
    });
    return reply.redirect(redirectTo(request.redirectUri, { code, state: request.state }), 302);
  });
}
