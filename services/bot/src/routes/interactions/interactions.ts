import type { KeyObject } from 'node:crypto';
import { cardsDraw, inventoryGrant, usersEnsureDiscord } from '@acg/contracts';
import {
  type AppError,
  AuthenticationError,
  type Bus,
  type Cache,
  type HttpServer,
  isAppError,
  type Logger,
} from '@acg/platform';
import { z } from 'zod';
import type { BotConfig } from '../../config';
import { dropEmbed, EPHEMERAL } from '../../domain/embed';
import { checkSignature, MAX_AGE_SECONDS } from '../../domain/signature';

const discordUser = z.object({
  id: z.string(),
  username: z.string(),
  discriminator: z.string().nullish(),
  avatar: z.string().nullish(),
});
const interactionSchema = z.object({
  id: z.string(),
  application_id: z.string(),
  type: z.number().int(),
  token: z.string(),
  data: z.object({ name: z.string() }).optional(),
  member: z.object({ user: discordUser }).optional(),
  user: discordUser.optional(),
});
type Interaction = z.infer<typeof interactionSchema>;
type MessageData = { content?: string; flags?: number; embeds?: unknown[] };

interface Deps {
  config: BotConfig;
  bus: Bus;
  cache: Cache;
  publicKey: KeyObject;
  logger: Logger;
}

/**
 * POST /interactions (Discord HTTP interactions): verified, then PING → PONG and /card → a drop.
 * A drop answers within DEFER_AFTER_MS; slower work is deferred (type 5) and the message is
 * delivered by editing the original response through Discord's webhook API.
 */
export async function registerInteractionRoutes(
  app: HttpServer,
  deps: Deps,
): Promise<{ pending: Set<Promise<unknown>> }> {
  const seen = deps.cache.namespace('interaction-signatures');
  const cooldowns = deps.cache.namespace('drop-cooldowns');
  // The answer to each interaction, so a redelivery of the same interaction gets the same message.
  const answers = deps.cache.namespace('interaction-answers');
  const userLocks = new Map<string, Promise<unknown>>();
  const pending = new Set<Promise<unknown>>();

  await app.register(async (scope) => {
    // The signature covers the raw bytes, so this route keeps the body as a Buffer.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post('/interactions', async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = header(req.headers['x-signature-ed25519']);
      const refused = checkSignature(
        deps.publicKey,
        signature,
        header(req.headers['x-signature-timestamp']),
        raw,
      );
      if (refused) throw new AuthenticationError(`Invalid request signature: ${refused}`);
      // A signed request seen before is a replay; Discord's own retries carry a new signature.
      if (await seen.get(signature!)) throw new AuthenticationError('Invalid request signature: replayed');
      await seen.set(signature!, 1, MAX_AGE_SECONDS * 2);

      let interaction: Interaction;
      try {
        interaction = interactionSchema.parse(JSON.parse(raw.toString('utf8')));
      } catch {
        return reply.code(400).send({ error: 'Malformed interaction', code: 'validation_failed' });
      }
      if (interaction.type === 1) return { type: 1 };
      if (interaction.type === 2 && interaction.data?.name === 'card') return drop(interaction);
      return { type: 4, data: { content: 'Unknown command.', flags: EPHEMERAL } };
    });
  });

  async function drop(interaction: Interaction) {
    const who = interaction.member?.user ?? interaction.user;
    if (!who) return message({ content: 'This command works for users only.', flags: EPHEMERAL });
    // One drop at a time per user, so two quick /card cannot both pass the cooldown check.
    const previous = userLocks.get(who.id) ?? Promise.resolve();
    const work = previous
      .catch(() => {})
      .then(async () => {
        const earlier = await answers.get<MessageData>(interaction.id);
        if (earlier) return earlier;
        const data = await runDrop(interaction, who);
        await answers.set(interaction.id, data, 15 * 60);
        return data;
      });
    userLocks.set(who.id, work);
    void work.finally(() => userLocks.get(who.id) === work && userLocks.delete(who.id));

    const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), deps.config.DEFER_AFTER_MS).unref());
    const first = await Promise.race([work, timer]);
    if (first !== 'late') return message(first);
    const followUp = work
      .then((data) => editOriginal(interaction, data))
      .catch((err) => deps.logger.error({ err }, 'follow-up failed'));
    pending.add(followUp);
    void followUp.finally(() => pending.delete(followUp));
    return { type: 5 };
  }

  async function runDrop(interaction: Interaction, who: z.infer<typeof discordUser>): Promise<MessageData> {
    try {
      const until = await cooldowns.get<number>(who.id);
      if (until !== undefined && until > Date.now()) {
        const seconds = Math.ceil((until - Date.now()) / 1000);
        return { content: `⏳ Your next card is ready in ${seconds} s.`, flags: EPHEMERAL };
      }
      const { user } = await deps.bus.request(usersEnsureDiscord, {
        discordId: who.id,
        username: who.username,
        discriminator: who.discriminator ?? null,
        avatar: who.avatar ?? null,
      });
      const { card } = await deps.bus.request(cardsDraw, { weights: deps.config.DROP_RANK_WEIGHTS });
      if (!card) return { content: 'No cards can be dropped right now. Try again later!', flags: EPHEMERAL };
      const grant = await deps.bus.request(inventoryGrant, {
        userId: user.id,
        cardId: card.id,
        idempotencyKey: `discord-interaction:${interaction.id}`,
        source: 'drop',
      });
      const cooldownMs = deps.config.DROP_COOLDOWN_SECONDS * 1000;
      if (grant.granted && cooldownMs > 0)
        await cooldowns.set(who.id, Date.now() + cooldownMs, deps.config.DROP_COOLDOWN_SECONDS);
      return { embeds: [dropEmbed(card, grant.quantity, deps.config.PUBLIC_URL)] };
    } catch (err) {
      deps.logger.warn({ err }, 'drop failed');
      const unavailable = isAppError(err) && (err as AppError).status === 503;
      return {
        content: unavailable
          ? 'The card shop is closed for a moment. Please try again soon!'
          : 'Something went wrong with this drop.',
        flags: EPHEMERAL,
      };
    }
  }

  async function editOriginal(interaction: Interaction, data: MessageData) {
    const url = `${deps.config.DISCORD_API_BASE_URL}/webhooks/${interaction.application_id}/${interaction.token}/messages/@original`;
    const res = await fetch(url, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(data),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`Discord answered ${res.status} to the follow-up`);
  }

  return { pending };
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const message = (data: MessageData) => ({ type: 4, data });
