import type { KeyObject } from 'node:crypto';
import { interactionResponseSchema } from '@acg/contracts';
import { AuthenticationError, type HttpServer, type Logger, text, ValidationError } from '@acg/platform';
import type { CommandDeps, Reply } from '../../commands/kit';
import { autocompleteAnswer, commandWork, componentWork, isCommand } from '../../commands/router';
import type { DiscordWebhooks } from '../../discord/webhooks';
import {
  type Interaction,
  InteractionType,
  interactionSchema,
  invokerOf,
  ResponseType,
} from '../../domain/interaction';
import {
  EPHEMERAL,
  localeOf,
  type MessageData,
  type Replies,
  replies,
  withNoPings,
} from '../../domain/replies';
import { checkSignature } from '../../domain/signature';
import { type PendingWork, within } from '../../drop/deferral';
import { type DropDeps, dropCard } from '../../drop/drop';
import { type TradeClickDeps, tradeClick } from '../../trades/click';

export interface InteractionDeps extends DropDeps, TradeClickDeps, CommandDeps {
  publicKey: KeyObject;
  webhooks: DiscordWebhooks;
  /** Past this the answer is "deferred" and the message follows through the webhook. */
  deferAfterMs: number;
  followUps: PendingWork;
  logger: Logger;
}

/** Discord signs at most a few kilobytes; anything bigger is not an interaction. */
const BODY_LIMIT = 64 * 1024;

/**
 * POST /interactions, Discord's HTTP interactions endpoint: Ed25519-verified over timestamp + raw
 * body, replays refused. PING → PONG; /card → a drop; a trade DM's buttons → the trade action
 * (UPDATE_MESSAGE); autocomplete → an (empty) choice list; modals and anything newer → a
 * polite ephemeral message. Only an invalid signature or a body that is no interaction is a 4xx.
 */
export async function registerInteractionRoutes(app: HttpServer, deps: InteractionDeps): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes, so in this scope every body stays a Buffer; parsing
    // waits until the signature is checked.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );

    scope.post('/interactions', { schema: { response: { 200: interactionResponseSchema } } }, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const signature = header(req.headers['x-signature-ed25519']);
      const refused = checkSignature(
        deps.publicKey,
        signature,
        header(req.headers['x-signature-timestamp']),
        raw,
      );
      if (refused) throw badSignature(refused);

      const interaction = parse(raw);
      const sighting = await deps.state.firstSighting(signature!).catch((err) => {
        deps.logger.warn({ err }, 'replay guard unavailable');
        return 'unknown' as const;
      });
      if (sighting === false) throw badSignature('replayed');

      return respond(deps, interaction, sighting);
    });
  });
}

/** The answer to a verified interaction seen for the first time (or with the guard down). */
async function respond(deps: InteractionDeps, interaction: Interaction, sighting: boolean | 'unknown') {
  if (interaction.type === InteractionType.PING) return { type: ResponseType.PONG };
  // Choices in time or none, never a message (Discord shows a message answer to
  // autocomplete as a failure) and never deferred (autocomplete cannot be).
  if (interaction.type === InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE)
    return autocompleteAnswer(deps, interaction, deps.deferAfterMs);
  const locale = localeOf(interaction.locale);
  const say = replies(locale);
  // Without the replay guard (its store is down) the safe answer is to ask the user to retry.
  if (sighting === 'unknown') return message(say.unavailable());
  switch (interaction.type) {
    case InteractionType.APPLICATION_COMMAND:
      return commandAnswer(deps, interaction, say);
    case InteractionType.MESSAGE_COMPONENT: {
      const work = componentWork(deps, interaction);
      if (work)
        return within(work, deps.deferAfterMs).then((first) =>
          first.done ? reply(first.value) : later(deps, interaction, work, false, true),
        );
      const clicked = await tradeClick(deps, interaction, locale);
      return clicked ? reply(clicked) : message(say.unknownButton());
    }
    case InteractionType.MODAL_SUBMIT:
      return message(say.unknownForm());
    default:
      // A type Discord adds later: a polite ephemeral answer rather than "This interaction failed".
      return message(say.unknownInteraction());
  }
}

/** /card (a drop), another command of the bot, or an ephemeral note for anything else. */
async function commandAnswer(deps: InteractionDeps, interaction: Interaction, say: Replies) {
  const name = interaction.data?.name ?? '';
  if (name !== 'card' && !isCommand(name)) return message(say.unknownCommand());
  const who = invokerOf(interaction);
  if (!who) return message(say.usersOnly());
  if (name === 'card') return dropAnswer(deps, interaction, dropCard(deps, interaction.id, who, say));
  const command = commandWork(deps, interaction);
  if (!command) return message(say.unknownCommand());
  const first = await within(command.work, deps.deferAfterMs);
  return first.done ? reply(first.value) : later(deps, interaction, command.work, command.ephemeral);
}

/** The drop's message when it is quick; otherwise "deferred", then an edit of the original. */
async function dropAnswer(deps: InteractionDeps, interaction: Interaction, work: Promise<MessageData>) {
  const first = await within(work, deps.deferAfterMs);
  if (first.done) return message(first.value);
  deps.followUps.track(
    work
      .then((data) => deps.webhooks.editOriginal(interaction.application_id, interaction.token, data))
      .catch((err) => deps.logger.error({ err, interactionId: interaction.id }, 'follow-up failed')),
  );
  return { type: ResponseType.DEFERRED_CHANNEL_MESSAGE };
}

/**
 * An answer past the deadline: "deferred" now (type 5 for a command, ephemeral when its answers
 * are; type 6 for a component, whose message stays), then the edit of the original message,
 * or a follow-up when a click's answer is a new (ephemeral) message rather than an update.
 */
function later(
  deps: InteractionDeps,
  interaction: Interaction,
  work: Promise<Reply>,
  ephemeral: boolean,
  component = false,
) {
  const { application_id: app, token } = interaction;
  deps.followUps.track(
    work
      .then(({ type, data }) =>
        component && type === ResponseType.CHANNEL_MESSAGE_WITH_SOURCE
          ? deps.webhooks.followUp(app, token, data)
          : deps.webhooks.editOriginal(app, token, data),
      )
      .catch((err) => deps.logger.error({ err, interactionId: interaction.id }, 'follow-up failed')),
  );
  if (component) return { type: ResponseType.DEFERRED_UPDATE_MESSAGE };
  return {
    type: ResponseType.DEFERRED_CHANNEL_MESSAGE,
    ...(ephemeral ? { data: { flags: EPHEMERAL } } : {}),
  };
}

/** A handler's answer as it goes to Discord: pinging no one. */
const reply = (answer: Reply) => ({ type: answer.type, data: withNoPings(answer.data) });

/** 401: Discord signs every call; why this one is refused is in the details. */
const badSignature = (reason: string) => new AuthenticationError(text('bot.badSignature'), { reason });

function parse(raw: Buffer): Interaction {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationError(text('bot.malformedInteraction'), { reason: 'not JSON' });
  }
  const parsed = interactionSchema.safeParse(json);
  if (!parsed.success) throw new ValidationError(text('bot.malformedInteraction'), parsed.error.issues);
  return parsed.data;
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
/** An answer with a message: it pings no one, whatever its text says. */
const message = (data: MessageData) => ({
  type: ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
  data: withNoPings(data),
});
