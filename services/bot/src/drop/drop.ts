import { cardsDraw, inventoryGrant, usersEnsureDiscord } from '@acg/contracts';
import { type Bus, isAppError, type Logger } from '@acg/platform';
import type { MessageData, Replies } from '../domain/replies';
import { type DropState, UserBusyError } from '../state/drop-state';

export interface DropDeps {
  bus: Bus;
  state: DropState;
  logger: Logger;
  /** Relative odds per rank code, passed to catalogue's draw. */
  weights: Record<string, number>;
  cooldownMs: number;
  publicUrl: string;
}

/** The Discord user behind an interaction. */
export interface Dropper {
  id: string;
  username: string;
  discriminator?: string | null;
  avatar?: string | null;
}

/** Inventory's idempotency keys are shared by every kind of grant, so drops carry their own prefix. */
export const grantKey = (interactionId: string) => `discord-interaction:${interactionId}`;

/**
 * /card: find or create the site user, check the cooldown, draw a card, grant it with the
 * interaction id as the idempotency key, and start the cooldown only when a card was granted.
 * Never rejects: every failure becomes a friendly ephemeral message.
 */
export async function dropCard(
  deps: DropDeps,
  interactionId: string,
  who: Dropper,
  say: Replies,
): Promise<MessageData> {
  const { bus, state, logger } = deps;
  try {
    return await state.withUserLock(who.id, async () => {
      // A redelivered interaction gets the answer it already got, not the cooldown it started.
      const earlier = await state.savedAnswer(interactionId);
      if (earlier) return earlier;
      const left = await state.cooldownLeftMs(who.id);
      if (left > 0) return say.cooldown(left);

      const { user } = await bus.request(usersEnsureDiscord, {
        discordId: who.id,
        username: who.username,
        discriminator: who.discriminator ?? null,
        avatar: who.avatar ?? null,
      });
      const { card } = await bus.request(cardsDraw, { weights: deps.weights });
      if (!card) return say.noCard();
      const grant = await bus.request(inventoryGrant, {
        userId: user.id,
        cardId: card.id,
        idempotencyKey: grantKey(interactionId),
        source: 'drop',
      });
      const answer = say.drop(card, grant, deps.publicUrl);
      // The card is the user's now: a failing state store must not turn that into an error message.
      if (grant.granted)
        await state
          .startCooldown(who.id, deps.cooldownMs)
          .catch((err) => logger.warn({ err }, 'could not start the drop cooldown'));
      await state
        .saveAnswer(interactionId, answer)
        .catch((err) => logger.warn({ err }, 'could not keep the drop answer'));
      return answer;
    });
  } catch (err) {
    if (err instanceof UserBusyError) return say.busy();
    logger.warn({ err, interactionId }, 'drop failed');
    // Bus timeouts and missing responders are 503s: the other services are down or slow.
    return isAppError(err) && err.status === 503 ? say.unavailable() : say.failed();
  }
}
