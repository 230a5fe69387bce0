import type { FastifyInstance } from 'fastify';
import type { FakeDiscordAccount } from './accounts';
import { renderBotPart, renderChatPage, renderProblem, renderUserLine } from './demo-chat-page';
import type { Delivery, FakeInteractions } from './interactions';

/** How long the page without a script waits for a deferred answer's follow-up. */
const FOLLOW_UP_WAIT_MS = 15_000;

type Sent = { ok: true; delivery: Delivery } | { ok: false; status: number; problem: string };

/**
 * "Discord chat (demo)" at /demo/card: a demo account sends /card and the fake signs the
 * APPLICATION_COMMAND interaction and delivers it to the bot (its public interactions URL), as
 * Discord would, so drops work offline. The page shows the bot's answer, or polls for the
 * follow-up of a deferred one.
 */
export function registerDemoChat(
  app: FastifyInstance,
  accounts: readonly FakeDiscordAccount[],
  interactions: FakeInteractions,
): void {
  const accountOf = (discordId: unknown) => accounts.find((a) => a.discordId === discordId);

  async function sendCard(account: FakeDiscordAccount): Promise<Sent> {
    if (!interactions.interactionsUrl)
      return {
        ok: false,
        status: 503,
        problem: 'The demo chat is not connected to a bot (no interactions URL).',
      };
    try {
      return {
        ok: true,
        delivery: await interactions.send(interactions.commandInteraction(account, 'card')),
      };
    } catch (err) {
      return { ok: false, status: 502, problem: `The bot could not be reached: ${String(err)}` };
    }
  }

  app.get<{ Querystring: { as?: string } }>('/demo/card', async (req, reply) => {
    const chosen = req.query.as ? accounts.filter((a) => a.discordId === req.query.as) : accounts;
    return reply.type('text/html; charset=utf-8').send(renderChatPage(chosen.length ? chosen : accounts));
  });

  // Without a script: the form posts here and the whole page comes back with the bot's answer.
  app.post<{ Body: { as?: string } }>('/demo/card', async (req, reply) => {
    const account = accountOf(req.body?.as);
    const html = (status: number, exchange: string, who = accounts) =>
      reply.code(status).type('text/html; charset=utf-8').send(renderChatPage(who, exchange));
    if (!account) return html(400, renderProblem('Unknown demo account.'));
    const sent = await sendCard(account);
    if (!sent.ok) return html(sent.status, renderUserLine(account) + renderProblem(sent.problem), [account]);
    const { status, token } = sent.delivery;
    const thread = await interactions.messages.settled(token, status === 200 ? FOLLOW_UP_WAIT_MS : 0);
    return html(200, renderUserLine(account) + renderBotPart(status, thread), [account]);
  });

  // With the script: send, answer at once, and let the page poll for a deferred answer.
  app.post<{ Body: { as?: string } }>('/demo/card/send', async (req, reply) => {
    const account = accountOf(req.body?.as);
    if (!account) return reply.code(400).send({ error: 'Unknown demo account.' });
    const sent = await sendCard(account);
    if (!sent.ok)
      return reply
        .code(sent.status)
        .send({ userHtml: renderUserLine(account), botHtml: renderProblem(sent.problem), deferred: false });
    const { status, token, answer } = sent.delivery;
    return {
      token,
      status,
      deferred: status === 200 && answer?.type === 5,
      userHtml: renderUserLine(account),
      botHtml: renderBotPart(status, interactions.messages.get(token)),
    };
  });

  app.get<{ Params: { token: string } }>('/demo/card/messages/:token', async (req, reply) => {
    const thread = interactions.messages.get(req.params.token);
    if (!thread) return reply.code(404).send({ error: 'Unknown interaction.' });
    const settled = !thread.deferred || thread.followUps.length > 0;
    return { settled, botHtml: renderBotPart(200, thread), thread };
  });
}
