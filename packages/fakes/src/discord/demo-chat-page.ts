import type { FakeDiscordAccount } from './accounts';
import { DEMO_COMMANDS } from './demo-commands';
import type { InteractionThread, MessageData } from './messages';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
const EPHEMERAL = 64;
/**
 * Discord markdown as a client shows it, for the little the bot uses: `**bold**`, and
 * backslash escapes showing the character itself (escaped text never becomes markup).
 */
const md = (text: string) =>
  esc(text)
    .replace(/\\([^A-Za-z0-9\s])/g, (_m, c: string) => `\uE000${c.charCodeAt(0)}\uE001`)
    .replace(/\*\*(.+?)\*\*/g, '<b>$1</b>')
    .replace(/\uE000(\d+)\uE001/g, (_m, code: string) => String.fromCharCode(Number(code)));

const STYLE = `body{font-family:system-ui,sans-serif;background:#313338;color:#dbdee1;max-width:680px;margin:2rem auto;padding:0 1rem}
button{background:#5865f2;color:#fff;border:0;border-radius:4px;padding:10px 16px;font-size:16px;cursor:pointer;margin:4px 0}
button:disabled{opacity:.6;cursor:wait}
.line{margin:12px 0}.user{color:#949ba4}.bot b{color:#fff}.note{color:#949ba4;font-size:13px}
.error{color:#f23f43}.thinking{color:#949ba4;font-style:italic}
.embed{border-left:4px solid var(--c);background:#2b2d31;border-radius:4px;padding:12px;margin:8px 0;max-width:420px}
.embed img{max-width:240px;border-radius:8px;display:block;margin:8px 0}.embed small{color:#b5bac1}
.embed img.thumb{max-width:80px;float:right;margin:0 0 8px 8px}.embed::after{content:"";display:block;clear:both}
.commands{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:8px 0}
.commands select,.commands input{background:#1e1f22;color:#dbdee1;border:1px solid #4e5058;border-radius:4px;padding:9px;font-size:15px;max-width:100%}
.row{display:flex;flex-wrap:wrap;gap:6px;margin:6px 0}.row form{margin:0}.row button{padding:6px 12px;font-size:14px;background:#4e5058}
.row select{background:#1e1f22;color:#dbdee1;border:1px solid #4e5058;border-radius:4px;padding:6px;max-width:100%}
.row a{color:#00a8fc}`;

/**
 * The demo chat submits with a script (send, then poll for a deferred answer's follow-up) and
 * works without one too: the forms POST to /demo/card, which waits for the bot on the server.
 */
const SCRIPT = `
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function poll(token, as, bot) {
  for (let i = 0; i < 60; i++) {
    await sleep(500);
    const res = await fetch('/demo/card/messages/' + encodeURIComponent(token) + '?as=' + encodeURIComponent(as));
    const out = await res.json();
    if (out.settled) { bot.innerHTML = out.botHtml; return; }
  }
  bot.innerHTML = '<p class="error">The bot did not follow up within 30 s.</p>';
}
document.addEventListener('submit', async (event) => {
  const form = event.target.closest('form.card-command, form.component');
  if (!form) return;
  event.preventDefault();
  const button = form.querySelector('button');
  button.disabled = true;
  const body = {};
  for (const [name, value] of new FormData(form)) {
    if (name === 'values') (body.values = body.values || []).push(value);
    else body[name] = value;
  }
  if (form.querySelector('select[name=values]') && !body.values) body.values = [];
  try {
    const res = await fetch(form.classList.contains('component') ? '/demo/card/click/send' : '/demo/card/send', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const out = await res.json();
    const exchange = document.createElement('div');
    exchange.className = 'exchange';
    exchange.innerHTML = out.userHtml + '<div class="bot">' + out.botHtml + '</div>';
    document.getElementById('chat').append(exchange);
    if (out.deferred) await poll(out.token, body.as, exchange.querySelector('.bot'));
  } finally {
    button.disabled = false;
  }
});`;

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Discord chat (demo)</title><style>${STYLE}</style></head>
<body><h1>Discord chat (demo)</h1>${body}<script type="module">${SCRIPT}</script></body></html>`;

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;

/** Per account: the /card button, and a form for every other command with its text and member. */
const commandForms = (accounts: readonly FakeDiscordAccount[], everyone: readonly FakeDiscordAccount[]) =>
  accounts
    .map((a) => {
      const card = `<form class="card-command" method="post" action="/demo/card">
${hidden('as', a.discordId)}<button type="submit">/card as @${esc(a.username)}</button></form>`;
      const commands = DEMO_COMMANDS.map((c) => `<option value="${esc(c.id)}">${esc(c.label)}</option>`).join(
        '',
      );
      const members = everyone
        .filter((o) => o.discordId !== a.discordId)
        .map((o) => `<option value="${esc(o.discordId)}">@${esc(o.username)}</option>`)
        .join('');
      const other = `<form class="card-command commands" method="post" action="/demo/card">${hidden('as', a.discordId)}
<label>Command <select name="command">${commands}</select></label>
<label>Text <input name="text" maxlength="100" placeholder="name, card or character"></label>
<label>Member <select name="user"><option value="">(none)</option>${members}</select></label>
<button type="submit">Send as @${esc(a.username)}</button></form>`;
      return card + other;
    })
    .join('\n');

/**
 * The chat: per demo account (or the one asked for) a "/card as @name" button and a form for
 * /collection, /view, /wish, /trade and /profile, and the exchanges so far.
 */
export function renderChatPage(
  accounts: readonly FakeDiscordAccount[],
  everyone: readonly FakeDiscordAccount[] = accounts,
  exchanges = '',
): string {
  return page(`<p>Send the bot's commands to the Anime Cards bot, as a demo account: <code>/card</code> drops a card;
the others are sent from the bot's DM (type a card's or character's name as the text; pick a member for
<code>/trade</code> or someone else's <code>/collection</code> and <code>/profile</code>). Buttons and menus in the
bot's answers work.</p>
<div id="chat">${exchanges}</div>
${commandForms(accounts, everyone)}`);
}

export const renderUserLine = (account: FakeDiscordAccount, typed = '/card') =>
  typed === 'clicked'
    ? `<p class="line user"><b>@${esc(account.username)}</b> used a component</p>`
    : `<p class="line user"><b>@${esc(account.username)}</b> used <code>${esc(typed)}</code></p>`;

export const renderProblem = (text: string) => `<p class="line error">${esc(text)}</p>`;

export const THINKING = '<p class="line thinking">Anime Cards is thinking…</p>';

/** The bot's side of an exchange: HTTP failure, "thinking", or its message with embeds. */
export function renderBotPart(
  status: number,
  thread: InteractionThread | undefined,
  viewer?: FakeDiscordAccount,
): string {
  if (status !== 200) return renderProblem(`The bot answered HTTP ${status}.`);
  if (!thread || (thread.deferred && thread.followUps.length === 0)) return THINKING;
  const messages = [thread.original, ...thread.followUps].filter((m): m is NonNullable<typeof m> => !!m);
  return messages.map((m) => renderMessage(m, viewer)).join('');
}

type Component = {
  type: number;
  style?: number;
  label?: string;
  url?: string;
  custom_id?: string;
  disabled?: boolean;
  placeholder?: string;
  options?: Array<{ label: string; value: string; default?: boolean }>;
};

/** A message's buttons and menus: each a small form that sends the click (as `viewer`). */
function renderComponents(
  data: MessageData & { id?: string },
  viewer: FakeDiscordAccount | undefined,
): string {
  const rows = (data.components ?? []) as Array<{ components: Component[] }>;
  const control = (c: Component) => {
    if (c.type === 2 && c.url) return `<a href="${esc(c.url)}">${esc(c.label ?? c.url)}</a>`;
    if (!viewer || !c.custom_id) return '';
    const fields = `${hidden('as', viewer.discordId)}${hidden('custom_id', c.custom_id)}${hidden('message_id', data.id ?? '')}`;
    const form = (inner: string) =>
      `<form class="component" method="post" action="/demo/card/click">${fields}${inner}</form>`;
    if (c.type === 2)
      return form(`<button type="submit"${c.disabled ? ' disabled' : ''}>${esc(c.label ?? '')}</button>`);
    const options = (c.options ?? [])
      .map((o) => `<option value="${esc(o.value)}"${o.default ? ' selected' : ''}>${esc(o.label)}</option>`)
      .join('');
    return form(
      `<select name="values" multiple aria-label="${esc(c.placeholder ?? 'choose')}">${options}</select><button type="submit">${esc(c.placeholder ?? 'Choose')}</button>`,
    );
  };
  return rows.map((row) => `<div class="row">${row.components.map(control).join('')}</div>`).join('');
}

function renderMessage(data: MessageData & { id?: string }, viewer?: FakeDiscordAccount): string {
  const embeds = (data.embeds ?? [])
    .map((e) => {
      const color = `#${(e.color ?? 0x5865f2).toString(16).padStart(6, '0')}`;
      const image = e.image?.url && /^https?:\/\//.test(e.image.url) ? e.image.url : undefined;
      const thumb = e.thumbnail?.url && /^https?:\/\//.test(e.thumbnail.url) ? e.thumbnail.url : undefined;
      const fields = (e.fields ?? [])
        .map((f) => `<div><b>${md(f.name)}</b><br>${md(f.value).replaceAll('\n', '<br>')}</div>`)
        .join('');
      return `<div class="embed" style="--c:${color}">${
        thumb ? `<img class="thumb" src="${esc(thumb)}" alt="${esc(e.title ?? 'card')}">` : ''
      }<b>${md(e.title ?? '')}</b><div>${md(e.description ?? '')}</div>${fields}${
        image ? `<img src="${esc(image)}" alt="${esc(e.title ?? 'card')}">` : ''
      }${e.footer ? `<small>${esc(e.footer.text)}</small>` : ''}</div>`;
    })
    .join('');
  const note = (data.flags ?? 0) & EPHEMERAL ? '<p class="note">Only you can see this.</p>' : '';
  return `<div class="line bot"><b>Anime Cards</b> <span class="note">BOT</span>${
    data.content ? `<p>${md(data.content).replaceAll('\n', '<br>')}</p>` : ''
  }${embeds}${renderComponents(data, viewer)}${note}</div>`;
}
