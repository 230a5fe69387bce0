import { z } from 'zod';

/** Interaction and response types of Discord's HTTP interactions that the bot uses. */
export const InteractionType = { PING: 1, APPLICATION_COMMAND: 2 } as const;
export const ResponseType = { PONG: 1, CHANNEL_MESSAGE_WITH_SOURCE: 4, DEFERRED_CHANNEL_MESSAGE: 5 } as const;

const discordUser = z.object({
  id: z.string().regex(/^\d{5,25}$/),
  username: z.string().min(1).max(100),
  discriminator: z.string().nullish(),
  avatar: z.string().nullish(),
});

/** The parts of an interaction the bot reads; Discord sends many more, which are ignored. */
export const interactionSchema = z.object({
  id: z.string().regex(/^\d{1,25}$/),
  application_id: z.string().regex(/^\d{1,25}$/),
  type: z.number().int(),
  token: z.string().min(1).max(500),
  locale: z.string().optional(),
  data: z.object({ name: z.string() }).optional(),
  /** In a server the user comes inside `member`; in a DM as `user`. */
  member: z.object({ user: discordUser }).optional(),
  user: discordUser.optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

export const invokerOf = (interaction: Interaction) => interaction.member?.user ?? interaction.user;
