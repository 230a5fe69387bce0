import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FAKE_BOT_TOKEN, type FakeInteractions } from './interactions';
import { snowflake } from './messages';

const UNAUTHORIZED = { message: '401: Unauthorized', code: 0 };
const UNKNOWN_APPLICATION = { message: 'Unknown Application', code: 10002 };

/** Discord's rule for command and option names (lower case where a script has case). */
const commandName = z.string().regex(/^[-_\p{Ll}\p{Lo}\p{N}]{1,32}$/u);
const description = z.string().min(1).max(100);
/** Per-locale texts: Discord's locale codes only ("ru", "en-US", "pt-BR", …). */
const localized = (text: z.ZodType) => z.record(z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/), text).optional();

interface OptionShape {
  type: number;
  name: string;
  options?: OptionShape[];
}
/** An option: its name and description rules, choices ≤ 25, subcommands nesting theirs. */
const optionSchema: z.ZodType<OptionShape> = z.lazy(() =>
  z
    .object({
      type: z.number().int().min(1).max(11),
      name: commandName,
      name_localizations: localized(commandName),
      description,
      description_localizations: localized(description),
      required: z.boolean().optional(),
      autocomplete: z.boolean().optional(),
      choices: z
        .array(z.object({ name: description, value: z.union([z.string(), z.number()]) }))
        .max(25)
        .optional(),
      options: z.array(optionSchema).max(25).optional(),
    })
    .passthrough(),
);

/** Discord's rules for a chat-input command: names, descriptions, options, where it may be used. */
const commandSchema = z
  .object({
    name: commandName,
    name_localizations: localized(commandName),
    description,
    description_localizations: localized(description),
    type: z.literal(1).default(1),
    options: z.array(optionSchema).max(25).optional(),
    /** 0 guild, 1 bot DM, 2 private channel (user-installed apps). */
    contexts: z.array(z.number().int().min(0).max(2)).optional(),
    /** 0 guild install, 1 user install. */
    integration_types: z.array(z.number().int().min(0).max(1)).optional(),
  })
  .passthrough();

export function botAuthorized(req: FastifyRequest, reply: FastifyReply): boolean {
  if (req.headers.authorization === `Bot ${FAKE_BOT_TOKEN}`) return true;
  reply.code(401).send(UNAUTHORIZED);
  return false;
}

/**
 * The application as its bot sees it: GET /applications/@me (with the verify key the runners
 * configure the bot with) and the global commands (PUT replaces them all, as Discord's bulk
 * overwrite does; GET lists them).
 */
export function registerApplications(api: FastifyInstance, interactions: FakeInteractions): void {
  api.get('/applications/@me', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    return {
      id: interactions.applicationId,
      name: 'Anime Cards (demo)',
      verify_key: interactions.publicKeyHex,
      bot_public: true,
      interactions_endpoint_url: interactions.interactionsUrl ?? null,
    };
  });

  api.get<{ Params: { appId: string } }>('/applications/:appId/commands', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    if (req.params.appId !== interactions.applicationId) return reply.code(404).send(UNKNOWN_APPLICATION);
    return interactions.commands;
  });

  api.put<{ Params: { appId: string } }>('/applications/:appId/commands', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    if (req.params.appId !== interactions.applicationId) return reply.code(404).send(UNKNOWN_APPLICATION);
    const parsed = z.array(commandSchema).max(100).safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ message: 'Invalid Form Body', code: 50035, errors: parsed.error.issues });
    interactions.commands = parsed.data.map((command) => ({
      id: snowflake(),
      application_id: interactions.applicationId,
      version: snowflake(),
      default_member_permissions: null,
      ...command,
    }));
    return interactions.commands;
  });
}
