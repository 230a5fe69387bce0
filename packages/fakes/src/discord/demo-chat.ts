import type { FastifyInstance } from 'fastify';
import type { FakeDiscordAccount } from './accounts';
import type { FakeInteractions, InteractionResponse } from './interactions';

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * "Discord chat (demo)": a page where a demo account sends /card, so drops work offline. The
 * fake signs the interaction, delivers it to the bot, waits for a deferred answer's follow-up,
 * and shows the message the bot produced.
 */
export function registerDemoChat(
  app: FastifyInstance,
  accounts: readonly FakeDiscordAccount[],
  interactions: FakeInteractions,
) {
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Discord chat (demo)</title>
<style>body{font-family:sans-serif;background:#313338;color:#dbdee1;max-width:640px;margin:2rem auto;padding:0 1rem}
button{background:#5865f2;color:#fff;border:0;border-radius:4px;padding:10px 16px;font-size:16px;cursor:pointer;margin:4px 0}
.embed{border-left:4px solid var(--c);background:#2b2d31;border-radius:4px;padding:12px;margin:12px 0}
.embed img{max-width:240px;border-radius:8px;display:block;margin-top:8px}a{color:#00a8fc}</style></head><body>${body}</body></html>`;

  app.get<{ Querystring: { as?: string } }>('/demo/card', async (req, reply) => {
    const forms = accounts
      .filter((a) => !req.query.as || a.discordId === req.query.as)
      .map(
        (
          a,
        ) => `<form method="post" action="/demo/card"><input type="hidden" name="as" value="${esc(a.discordId)}">
<button type="submit">/card as @${esc(a.username)}</button></form>`,
      )
      .join('');
    return reply
      .type('text/html')
      .send(
        page(
          `<h1>Discord chat (demo)</h1><p>Send the <code>/card</code> command to the Anime Cards bot.</p>${forms}`,
        ),
      );
  });

  app.post<{ Body: { as?: string } }>('/demo/card', async (req, reply) => {
    const account = accounts.find((a) => a.discordId === req.body?.as);
    if (!account) return reply.code(400).type('text/html').send(page('<p>Unknown demo account.</p>'));
    const sent = await interactions.send(interactions.commandInteraction(account, 'card'));
    let data: InteractionResponse['data'] = sent.answer?.data;
    if (sent.answer?.type === 5) data = await waitForFollowUp(interactions, sent.token);
    const again = `<form method="post" action="/demo/card"><input type="hidden" name="as" value="${esc(account.discordId)}"><button type="submit">/card again</button></form>`;
    return reply
      .type('text/html')
      .send(
        page(
          `<h1>Discord chat (demo)</h1><p><b>@${esc(account.username)}</b> used <code>/card</code></p>${renderMessage(sent.status, data)}${again}`,
        ),
      );
  });
}

async function waitForFollowUp(
  interactions: FakeInteractions,
  token: string,
): Promise<InteractionResponse['data']> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const message = interactions.followUps.get(token);
    if (message) return message;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { content: 'The bot did not follow up within 15 s.' };
}

function renderMessage(status: number, data: InteractionResponse['data']): string {
  if (status !== 200 || !data) return `<p>The bot answered HTTP ${status}.</p>`;
  const embeds = (data.embeds ?? [])
    .map((e) => {
      const color = typeof e.color === 'number' ? `#${e.color.toString(16).padStart(6, '0')}` : '#5865f2';
      const image = (e.image as { url?: string } | undefined)?.url;
      const footer = (e.footer as { text?: string } | undefined)?.text;
      return `<div class="embed" style="--c:${color}"><b>${esc(String(e.title ?? ''))}</b><div>${esc(String(e.description ?? ''))}</div>${image ? `<img src="${esc(image)}" alt="card">` : ''}${footer ? `<small>${esc(footer)}</small>` : ''}</div>`;
    })
    .join('');
  return `${data.content ? `<p>${esc(data.content)}</p>` : ''}${embeds}`;
}
