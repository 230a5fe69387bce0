import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeDiscordAccount } from './accounts';
import { renderBotPart, renderChatPage, renderProblem, renderUserLine } from './demo-chat-page';
import {
  type DemoClick,
  type DemoCommand,
  demoCommandInteraction,
  demoComponentInteraction,
} from './demo-commands';
import type { Delivery, FakeInteractions, InteractionBody } from './interactions';

/** How long the page without a script waits for a deferred answer's follow-up. */
const FOLLOW_UP_WAIT_MS = 15_000;

type Sent = { ok: true; delivery: Delivery } | { ok: false; status: number; problem: string };
type CommandBody = DemoCommand & { as?: string };
type ClickBody = { as?: string; custom_id?: string; values?: string | string[]; message_id?: string };

/**
 * "Discord chat (demo)" at /demo/card: a demo account sends /card, or any other command of the
 * bot (with a text and maybe another member), and the fake signs the interaction and delivers it
 * to the bot (its public interactions URL), as Discord would, so the bot works offline. The
 * page shows the bot's answer with its buttons and menus, which send component interactions
 * when used; it polls for the follow-up of a deferred answer.
 */
export function registerDemoChat(
  app: FastifyInstance,
  accounts: readonly FakeDiscordAccount[],
  interactions: FakeInteractions,
): void {
  const accountOf = (discordId: unknown) => accounts.find((a) => a.discordId === discordId);

  async function deliver(interaction: InteractionBody): Promise<Sent> {
    if (!interactions.interactionsUrl)
      return {
        ok: false,
        status: 503,
        problem: 'The demo chat is not connected to a bot (no interactions URL).',
      };
    try {
      return { ok: true, delivery: await interactions.send(interaction) };
    } catch (err) {
      return { ok: false, status: 502, problem: `The bot could not be reached: ${String(err)}` };
    }
  }

  /** The interaction a form asks for, and how the member's line reads; undefined when unknown. */
  function fromForm(path: 'command' | 'click', body: CommandBody & ClickBody, account: FakeDiscordAccount) {
    if (path === 'command') return demoCommandInteraction(interactions, account, accounts, body);
    if (!body.custom_id) return undefined;
    const values = body.values === undefined ? undefined : [body.values].flat();
    const click: DemoClick = { customId: body.custom_id, values, messageId: body.message_id };
    return { interaction: demoComponentInteraction(interactions, account, click), typed: 'clicked' };
  }

  app.get<{ Querystring: { as?: string } }>('/demo/card', async (req, reply) => {
    const chosen = req.query.as ? accounts.filter((a) => a.discordId === req.query.as) : accounts;
    return reply
      .type('text/html; charset=utf-8')
      .send(renderChatPage(chosen.length ? chosen : accounts, accounts));
  });

  // Without a script: the forms post here and the whole page comes back with the bot's answer.
  const wholePage = (path: 'command' | 'click') => async (req: { body: unknown }, reply: FastifyReply) => {
    const body = (req.body ?? {}) as CommandBody & ClickBody;
    const account = accountOf(body.as);
    const html = (status: number, exchange: string, who = accounts) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(renderChatPage(who, accounts, exchange));
    if (!account) return html(400, renderProblem('Unknown demo account.'));
    const asked = fromForm(path, body, account);
    if (!asked) return html(400, renderProblem('Unknown command.'), [account]);
    const line = renderUserLine(account, asked.typed);
    const sent = await deliver(asked.interaction);
    if (!sent.ok) return html(sent.status, line + renderProblem(sent.problem), [account]);
    const { status, token } = sent.delivery;
    const thread = await interactions.messages.settled(token, status === 200 ? FOLLOW_UP_WAIT_MS : 0);
    return html(200, line + renderBotPart(status, thread, account), [account]);
  };
  app.post('/demo/card', wholePage('command'));
  app.post('/demo/card/click', wholePage('click'));

  // With the script: send, answer at once, and let the page poll for a deferred answer.
  const atOnce = (path: 'command' | 'click') => async (req: { body: unknown }, reply: FastifyReply) => {
    const body = (req.body ?? {}) as CommandBody & ClickBody;
    const account = accountOf(body.as);
    if (!account) return reply.code(400).send({ error: 'Unknown demo account.' });
    const asked = fromForm(path, body, account);
    if (!asked) return reply.code(400).send({ error: 'Unknown command.' });
    const userHtml = renderUserLine(account, asked.typed);
    const sent = await deliver(asked.interaction);
    if (!sent.ok)
      return reply
        .code(sent.status)
        .send({ userHtml, botHtml: renderProblem(sent.problem), deferred: false });
    const { status, token, answer } = sent.delivery;
    return {
      token,
      status,
      deferred: status === 200 && (answer?.type === 5 || answer?.type === 6),
      userHtml,
      botHtml: renderBotPart(status, interactions.messages.get(token), account),
    };
  };
  app.post('/demo/card/send', atOnce('command'));
  app.post('/demo/card/click/send', atOnce('click'));

  app.get<{ Params: { token: string }; Querystring: { as?: string } }>(
    '/demo/card/messages/:token',
    async (req, reply) => {
      const thread = interactions.messages.get(req.params.token);
      if (!thread) return reply.code(404).send({ error: 'Unknown interaction.' });
      const settled = !thread.deferred || thread.followUps.length > 0;
      return { settled, botHtml: renderBotPart(200, thread, accountOf(req.query.as)), thread };
    },
  );
}
