import type { ShikimoriAccount } from './accounts';

export interface ShikimoriAuthorizeRequest {
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: 'S256' | 'plain';
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const hidden = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f5f5f5;color:#333;display:flex;justify-content:center;padding-top:10vh}
main{background:#fff;border:1px solid #ddd;padding:32px;min-width:320px}
button{display:block;width:100%;margin:8px 0;padding:10px;border:0;font-size:16px;cursor:pointer}
.approve{background:#1d78b7;color:#fff}.cancel{background:transparent;color:#666;border:1px solid #ccc}
</style></head>
<body><main>${body}</main></body>
</html>`;

/** The consent screen: one "allow" button per demo account, and a cancel button. */
export function renderAuthorizePage(
  request: ShikimoriAuthorizeRequest,
  accounts: readonly ShikimoriAccount[],
) {
  const buttons = accounts
    .map(
      (a) =>
        `<button class="approve" type="submit" name="account" value="${a.id}">Разрешить как ${escapeHtml(a.nickname)}</button>`,
    )
    .join('\n');
  return page(
    'Авторизация приложения - Fake Shikimori',
    `<h1>Авторизовать Anime Cards для использования вашего аккаунта?</h1>
<p>Приложение запрашивает: ${request.scopes.map(escapeHtml).join(', ') || 'доступ к профилю'}</p>
<form method="post" action="/oauth/authorize">
${hidden('client_id', request.clientId)}
${hidden('redirect_uri', request.redirectUri)}
${hidden('response_type', 'code')}
${hidden('scope', request.scopes.join(' '))}
${hidden('state', request.state)}
${hidden('code_challenge', request.codeChallenge)}
${hidden('code_challenge_method', request.codeChallenge ? request.codeChallengeMethod : undefined)}
${buttons}
<button class="cancel" type="submit" name="decision" value="deny">Отменить</button>
</form>`,
  );
}

export function renderErrorPage(message: string): string {
  return page('Ошибка - Fake Shikimori', `<h1>Произошла ошибка</h1><p>${escapeHtml(message)}</p>`);
}
