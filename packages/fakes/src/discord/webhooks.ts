import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FakeInteractions } from './interactions';
import { type MessageData, messageDataSchema, type StoredMessage } from './messages';

const UNKNOWN_WEBHOOK = { message: 'Unknown Webhook', code: 10015 };
const UNKNOWN_MESSAGE = { message: 'Unknown Message', code: 10008 };

interface WebhookParams {
  appId: string;
  token: string;
}

/**
 * The interaction webhooks a bot answers through after its first response: edit (or read) the
 * original message, and post follow-up messages. The interaction token is the credential, so
 * only tokens of interactions the fake delivered are known.
 */
export function registerWebhooks(api: FastifyInstance, interactions: FakeInteractions): void {
  const { messages } = interactions;
  const known = (p: WebhookParams) => p.appId === interactions.applicationId && messages.has(p.token);

  /** Validates the message body like Discord; answers 400 and returns undefined when it is not one. */
  const body = (raw: unknown, reply: FastifyReply): MessageData | undefined => {
    const parsed = messageDataSchema.safeParse(raw ?? {});
    if (parsed.success && (parsed.data.content || parsed.data.embeds?.length)) return parsed.data;
    reply.code(400).send({
      message: parsed.success ? 'Cannot send an empty message' : 'Invalid Form Body',
      code: parsed.success ? 50006 : 50035,
      ...(parsed.success ? {} : { errors: parsed.error.issues }),
    });
    return undefined;
  };
  const asMessage = (m: StoredMessage) => ({
    ...m,
    type: 19,
    channel_id: '1100000000000000002',
    application_id: interactions.applicationId,
    webhook_id: interactions.applicationId,
  });

  api.patch<{ Params: WebhookParams }>('/webhooks/:appId/:token/messages/@original', async (req, reply) => {
    if (!known(req.params)) return reply.code(404).send(UNKNOWN_WEBHOOK);
    const data = body(req.body, reply);
    if (!data) return reply;
    return asMessage(messages.editOriginal(req.params.token, data)!);
  });

  api.get<{ Params: WebhookParams }>('/webhooks/:appId/:token/messages/@original', async (req, reply) => {
    if (!known(req.params)) return reply.code(404).send(UNKNOWN_WEBHOOK);
    const original = messages.get(req.params.token)?.original;
    return original ? asMessage(original) : reply.code(404).send(UNKNOWN_MESSAGE);
  });

  api.post<{ Params: WebhookParams }>('/webhooks/:appId/:token', async (req, reply) => {
    if (!known(req.params)) return reply.code(404).send(UNKNOWN_WEBHOOK);
    const data = body(req.body, reply);
    if (!data) return reply;
    return asMessage(messages.addFollowUp(req.params.token, data)!);
  });
}
