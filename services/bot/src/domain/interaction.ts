import { z } from 'zod';

/** Every interaction type Discord sends to an HTTP interactions endpoint. */
export const InteractionType = {
  PING: 1,
  APPLICATION_COMMAND: 2,
  MESSAGE_COMPONENT: 3,
  APPLICATION_COMMAND_AUTOCOMPLETE: 4,
  MODAL_SUBMIT: 5,
} as const;
/** The interaction callback types the bot answers with. */
export const ResponseType = {
  PONG: 1,
  CHANNEL_MESSAGE_WITH_SOURCE: 4,
  DEFERRED_CHANNEL_MESSAGE: 5,
  /** Components: "working on it", then PATCH …/messages/@original edits the clicked message. */
  DEFERRED_UPDATE_MESSAGE: 6,
  UPDATE_MESSAGE: 7,
  APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: 8,
} as const;

const discordUser = z.object({
  id: z.string().regex(/^\d{5,25}$/),
  username: z.string().min(1).max(100),
  discriminator: z.string().nullish(),
  avatar: z.string().nullish(),
});

/** A command's option as Discord sends it; subcommands (type 1) and groups (2) nest theirs. */
export interface CommandOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: CommandOption[];
}
const commandOption: z.ZodType<CommandOption> = z.lazy(() =>
  z.object({
    name: z.string().max(32),
    type: z.number().int(),
    value: z.union([z.string().max(6000), z.number(), z.boolean()]).optional(),
    focused: z.boolean().optional(),
    options: z.array(commandOption).max(25).optional(),
  }),
);

/** The parts of an interaction the bot reads; Discord sends many more, which are ignored. */
export const interactionSchema = z.object({
  id: z.string().regex(/^\d{1,25}$/),
  application_id: z.string().regex(/^\d{1,25}$/),
  type: z.number().int(),
  token: z.string().min(1).max(500),
  locale: z.string().optional(),
  /**
   * Commands and autocomplete carry `name` (and `options`), components `custom_id` and
   * `component_type`, modals `custom_id` and `components`; the rest is ignored.
   */
  data: z
    .object({
      name: z.string().optional(),
      options: z.array(commandOption).max(25).optional(),
      /** The users a user option names, by id (their own username etc.). */
      resolved: z.object({ users: z.record(z.string(), discordUser).optional() }).optional(),
      custom_id: z.string().max(100).optional(),
      component_type: z.number().int().optional(),
      /** Select menus: the values chosen. */
      values: z.array(z.string().max(100)).max(25).optional(),
    })
    .optional(),
  /** Components only: the message the clicked component is on. */
  message: z
    .object({ id: z.string(), channel_id: z.string().optional(), content: z.string().optional() })
    .optional(),
  /** In a server the user comes inside `member`; in a DM as `user`. */
  member: z.object({ user: discordUser }).optional(),
  user: discordUser.optional(),
  /** 0 a server, 1 the bot's DM, 2 another DM or group DM (the app installed by the user). */
  context: z.number().int().optional(),
});
export type Interaction = z.infer<typeof interactionSchema>;

export const invokerOf = (interaction: Interaction) => interaction.member?.user ?? interaction.user;
export type DiscordUser = NonNullable<Interaction['user']>;

/** The options a command (or its subcommand) was given, and its subcommand's name if any. */
export function commandOptions(interaction: Interaction): { sub?: string; options: CommandOption[] } {
  const top = interaction.data?.options ?? [];
  const sub = top.find((o) => o.type === 1);
  return sub ? { sub: sub.name, options: sub.options ?? [] } : { options: top };
}
