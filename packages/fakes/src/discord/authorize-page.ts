import type { FakeDiscordAccount } from './accounts';
import type { AuthorizeRequest } from './authorize-request';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#313338;color:#f2f3f5;display:flex;justify-content:center;padding-top:10vh}
main{background:#2b2d31;border-radius:8px;padding:32px;min-width:320px}
button{display:block;width:100%;margin:8px 0;padding:10px;border:0;border-radius:4px;font-size:16px;cursor:pointer}
.account{background:#5865f2;color:#fff}.cancel{background:transparent;color:#b5bac1}
</style></head>
<body><main>${body}</main></body>
</html>`;

/** The consent screen: one real form, one submit button per demo account, and a cancel button. */
export function renderAuthorizePage(
  request: AuthorizeRequest,
  accounts: readonly FakeDiscordAccount[],
): string {
  const buttons = accounts
    .map(
      (a) =>
        `<button class="account" type="submit" name="account" value="${escapeHtml(a.discordId)}">` +
        `Sign in as ${escapeHtml(a.globalName ?? a.username)} (@${escapeHtml(a.username)})</button>`,
    )
    .join('\n');
  return page(
    'Authorize - Fake Discord',
    `<h1>Sign in to Anime Cards with a demo account</h1>
<p>Anime Cards wants to: ${request.scopes.map(escapeHtml).join(', ')}</p>
<form method="post" action="/oauth2/authorize">
${hidden('client_id', request.clientId)}
${hidden('redirect_uri', request.redirectUri)}
${hidden('response_type', 'code')}
${hidden('scope', request.scopes.join(' '))}
${hidden('state', request.state)}
${hidden('code_challenge', request.codeChallenge)}
${hidden('code_challenge_method', 'S256')}
${buttons}
<button class="cancel" type="submit" name="decision" value="deny">Cancel</button>
</form>`,
  );
}

export function renderErrorPage(message: string): string {
  return page('Error - Fake Discord', `<h1>Something went wrong</h1><p>${escapeHtml(message)}</p>`);
}
