import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { botAuthorized } from './applications';
import { type ChannelMessage, channelJson, type FakeChannels } from './channels';
import { type MessageData, messageDataSchema } from './messages';

const UNKNOWN_CHANNEL = { message: 'Unknown Channel', code: 10003 };
const UNKNOWN_MESSAGE = { message: 'Unknown Message', code: 10008 };
const INVALID_RECIPIENT = { message: 'Invalid Recipient(s)', code: 50033 };
const CANNOT_DM = { message: 'Cannot send messages to this user', code: 50007 };

interface ChannelParams {
  channelId: string;
}
interface MessageParams extends ChannelParams {
  messageId: string;
}

/** Validates a message body like Discord; answers 400 and returns undefined when it is not one. */
function messageBody(raw: unknown, reply: FastifyReply, edit: boolean): MessageData | undefined {
  const parsed = messageDataSchema.safeParse(raw ?? {});
  const d = parsed.success ? parsed.data : undefined;
  if (d && (edit || d.content || d.embeds?.length || d.components?.length)) return d;
  reply.code(400).send({
    message: d ? 'Cannot send an empty message' : 'Invalid Form Body',
    code: d ? 50006 : 50035,
    ...(parsed.success ? {} : { errors: parsed.error.issues }),
  });
  return undefined;
}

/**
 * The bot's channel REST API (Bot token): read a channel, open a DM (POST /users/@me/channels),
 * post, list, read and edit messages. Posting goes through Discord's per-channel bucket with its
 * X-RateLimit-* headers, and `channels.rateLimit` / `channels.closedDms` switch on failures.
 */
export function registerChannels(api: FastifyInstance, channels: FakeChannels): void {
  api.get<{ Params: ChannelParams }>('/channels/:channelId', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    const channel = channels.channel(req.params.channelId);
    return channel ? channelJson(channel, channels) : reply.code(404).send(UNKNOWN_CHANNEL);
  });

  api.post('/users/@me/channels', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    const parsed = z.object({ recipient_id: z.string().regex(/^\d{1,20}$/) }).safeParse(req.body ?? {});
    if (!parsed.success)
      return reply.code(400).send({ message: 'Invalid Form Body', code: 50035, errors: parsed.error.issues });
    const channel = channels.openDm(parsed.data.recipient_id);
    return channel ? channelJson(channel, channels) : reply.code(400).send(INVALID_RECIPIENT);
  });

  api.post<{ Params: ChannelParams }>('/channels/:channelId/messages', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    const channel = channels.channel(req.params.channelId);
    if (!channel) return reply.code(404).send(UNKNOWN_CHANNEL);
    const verdict = channels.takeMessageSlot(channel.id);
    reply.headers(verdict.headers);
    if (!verdict.ok) return reply.code(429).send(verdict.body);
    const data = messageBody(req.body, reply, false);
    if (!data) return reply;
    if (channel.type === 1 && channels.closedDms.has(channel.recipientId!))
      return reply.code(403).send(CANNOT_DM);
    return channels.post(channel.id, data);
  });

  api.get<{ Params: ChannelParams; Querystring: { limit?: string } }>(
    '/channels/:channelId/messages',
    async (req, reply) => {
      if (!botAuthorized(req, reply)) return reply;
      const channel = channels.channel(req.params.channelId);
      if (!channel) return reply.code(404).send(UNKNOWN_CHANNEL);
      const limit = z.coerce.number().int().min(1).max(100).default(50).safeParse(req.query.limit);
      if (!limit.success)
        return reply
          .code(400)
          .send({ message: 'Invalid Form Body', code: 50035, errors: limit.error.issues });
      // Newest first, as Discord lists them.
      return [...channel.messages].reverse().slice(0, limit.data);
    },
  );

  api.get<{ Params: MessageParams }>('/channels/:channelId/messages/:messageId', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    if (!channels.channel(req.params.channelId)) return reply.code(404).send(UNKNOWN_CHANNEL);
    const message = channels.message(req.params.channelId, req.params.messageId);
    return message ?? reply.code(404).send(UNKNOWN_MESSAGE);
  });

  api.patch<{ Params: MessageParams }>('/channels/:channelId/messages/:messageId', async (req, reply) => {
    if (!botAuthorized(req, reply)) return reply;
    if (!channels.channel(req.params.channelId)) return reply.code(404).send(UNKNOWN_CHANNEL);
    if (!channels.message(req.params.channelId, req.params.messageId))
      return reply.code(404).send(UNKNOWN_MESSAGE);
    const data = messageBody(req.body, reply, true);
    if (!data) return reply;
    return channels.edit(req.params.channelId, req.params.messageId, data) as ChannelMessage;
  });
}
