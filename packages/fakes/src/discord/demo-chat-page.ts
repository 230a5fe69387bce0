import type { FakeDiscordAccount } from './accounts';
import type { InteractionThread, MessageData } from './messages';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const EPHEMERAL = 64;

const STYLE = `body{font-family:system-ui,sans-serif;background:#313338;color:#dbdee1;max-width:680px;margin:2rem auto;padding:0 1rem}
button{background:#5865f2;color:#fff;border:0;border-radius:4px;padding:10px 16px;font-size:16px;cursor:pointer;margin:4px 0}
button:disabled{opacity:.6;cursor:wait}
.line{margin:12px 0}.user{color:#949ba4}.bot b{color:#fff}.note{color:#949ba4;font-size:13px}
.error{color:#f23f43}.thinking{color:#949ba4;font-style:italic}
.embed{border-left:4px solid var(--c);background:#2b2d31;border-radius:4px;padding:12px;margin:8px 0;max-width:420px}
.embed img{max-width:240px;border-radius:8px;display:block;margin:8px 0}.embed small{color:#b5bac1}`;

/**
 * The demo chat submits with a script (send, then poll for a deferred answer's follow-up) and
 * works without one too: the forms POST to /demo/card, which waits for the bot on the server.
 */
const SCRIPT = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function poll(token, bot) {
  for (let i = 0; i < 60; i++) {
    await sleep(500);
    const res = await fetch('/demo/card/messages/' + encodeURIComponent(token));
    const out = await res.json();
    if (out.settled) { bot.innerHTML = out.botHtml; return; }
  }
  bot.innerHTML = '<p class="error">The bot did not follow up within 30 s.</p>';
}
document.addEventListener('submit', async (event) => {
  const form = event.target.closest('form.card-command');
  if (!form) return;
  event.preventDefault();
  const button = form.querySelector('button');
  button.disabled = true;
  try {
    const res = await fetch('/demo/card/send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ as: form.elements.as.value }),
    });
    const out = await res.json();
    const exchange = document.createElement('div');
    exchange.className = 'exchange';
    exchange.innerHTML = out.userHtml + '<div class="bot">' + out.botHtml + '</div>';
    document.getElementById('chat').append(exchange);
    if (out.deferred) await poll(out.token, exchange.querySelector('.bot'));
  } finally {
    button.disabled = false;
  }
});`;

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord chat (demo)</title><style>${STYLE}</style></head>
<body><h1>Discord chat (demo)</h1>${body}<script type="module">${SCRIPT}</script></body></html>`;

const commandForms = (accounts: readonly FakeDiscordAccount[]) =>
  accounts
    .map(
      (a) => `<form class="card-command" method="post" action="/demo/card">
<input type="hidden" name="as" value="${esc(a.discordId)}"><button type="submit">/card as @${esc(a.username)}</button></form>`,
    )
    .join('\n');

/** The chat: one "/card as @name" button per demo account (or the one asked for), and the exchanges. */
export function renderChatPage(accounts: readonly FakeDiscordAccount[], exchanges = ''): string {
  return page(`<p>Send the <code>/card</code> command to the Anime Cards bot, as a demo account.</p>
<div id="chat">${exchanges}</div>
${commandForms(accounts)}`);
}

export const renderUserLine = (account: FakeDiscordAccount) =>
  `<p class="line user"><b>@${esc(account.username)}</b> used <code>/card</code></p>`;

export const renderProblem = (text: string) => `<p class="line error">${esc(text)}</p>`;

export const THINKING = '<p class="line thinking">Anime Cards is thinking…</p>';

/** The bot's side of an exchange: HTTP failure, "thinking", or its message with embeds. */
export function renderBotPart(status: number, thread: InteractionThread | undefined): string {
  if (status !== 200) return renderProblem(`The bot answered HTTP ${status}.`);
  if (!thread || (thread.deferred && thread.followUps.length === 0)) return THINKING;
  const messages = [thread.original, ...thread.followUps].filter((m): m is NonNullable<typeof m> => !!m);
  return messages.map(renderMessage).join('');
}

function renderMessage(data: MessageData): string {
  const embeds = (data.embeds ?? [])
    .map((e) => {
      const color = `#${(e.color ?? 0x5865f2).toString(16).padStart(6, '0')}`;
      const image = e.image?.url && /^https?:\/\//.test(e.image.url) ? e.image.url : undefined;
      return `<div class="embed" style="--c:${color}"><b>${esc(e.title ?? '')}</b><div>${esc(e.description ?? '')}</div>${
        image ? `<img src="${esc(image)}" alt="${esc(e.title ?? 'card')}">` : ''
      }${e.footer ? `<small>${esc(e.footer.text)}</small>` : ''}</div>`;
    })
    .join('');
  const note = (data.flags ?? 0) & EPHEMERAL ? '<p class="note">Only you can see this.</p>' : '';
  return `<div class="line bot"><b>Anime Cards</b> <span class="note">BOT</span>${
    data.content ? `<p>${esc(data.content)}</p>` : ''
  }${embeds}${note}</div>`;
}
