import { generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FakeDiscordAccount } from './accounts';

/**
 * The interactions side of the fake Discord: an application key pair, signed APPLICATION_COMMAND
 * deliveries to the configured interactions URL (as Discord does when a user types /card), and
 * the webhook endpoints a bot uses for follow-ups and the command registration endpoint.
 */
/** The bot token the fake accepts for its REST API. */
export const FAKE_BOT_TOKEN = 'fake-discord-bot-token';

export interface InteractionResponse {
  type: number;
  data?: { content?: string; flags?: number; embeds?: Array<Record<string, unknown>> };
}

export class FakeInteractions {
  readonly applicationId = '1187394520190640000';
  readonly publicKeyHex: string;
  private readonly privateKey: KeyObject;
  interactionsUrl: string | undefined;
  /** Follow-up messages by interaction token (PATCH .../messages/@original). */
  readonly followUps = new Map<string, InteractionResponse['data']>();
  /** Registered application commands. */
  commands: unknown[] = [];

  constructor(interactionsUrl?: string) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    this.privateKey = privateKey;
    // The raw 32-byte key is the tail of the SPKI DER encoding.
    this.publicKeyHex = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('hex');
    this.interactionsUrl = interactionsUrl;
  }

  /** Discord's signature headers for a body sent at `timestamp` (seconds). */
  signatureHeaders(body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
    const signature = sign(null, Buffer.from(`${timestamp}${body}`), this.privateKey).toString('hex');
    return { 'x-signature-ed25519': signature, 'x-signature-timestamp': String(timestamp) };
  }

  /** An APPLICATION_COMMAND interaction as Discord would send it for `/name` from `account`. */
  commandInteraction(account: FakeDiscordAccount, name: string) {
    return {
      id: snowflake(),
      application_id: this.applicationId,
      type: 2,
      token: randomBytes(24).toString('base64url'),
      version: 1,
      guild_id: '1100000000000000001',
      channel_id: '1100000000000000002',
      locale: account.locale ?? 'en-US',
      data: { id: '1100000000000000003', name, type: 1 },
      member: {
        user: {
          id: account.discordId,
          username: account.username,
          global_name: account.globalName ?? null,
          discriminator: '0',
          avatar: account.avatar ?? null,
        },
        roles: [],
        joined_at: '2026-01-01T00:00:00.000000+00:00',
      },
    };
  }

  /** Signs and delivers an interaction; returns the bot's answer and the interaction. */
  async send(interaction: { token: string }, url = this.interactionsUrl, timestamp?: number) {
    if (!url) throw new Error('the fake Discord has no interactions URL configured');
    const body = JSON.stringify(interaction);
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Discord-Interactions/1.0',
        ...this.signatureHeaders(body, timestamp),
      },
      body,
    });
    const answer = (await res.json().catch(() => undefined)) as InteractionResponse | undefined;
    return { status: res.status, answer, token: interaction.token };
  }
}

let sequence = 0;
const snowflake = () => String((BigInt(Date.now() - 1420070400000) << 22n) | BigInt(sequence++ % 4096));

/** Webhook follow-ups and command registration, under the API prefixes. */
export function registerInteractionApi(api: FastifyInstance, interactions: FakeInteractions): void {
  api.patch<{ Params: { appId: string; token: string }; Body: InteractionResponse['data'] }>(
    '/webhooks/:appId/:token/messages/@original',
    async (req, reply) => {
      if (req.params.appId !== interactions.applicationId)
        return reply.code(404).send({ message: 'Unknown Webhook', code: 10015 });
      interactions.followUps.set(req.params.token, req.body);
      return { id: snowflake(), ...req.body };
    },
  );
  // The application, with its verify key (the public key bots check interactions with).
  api.get('/applications/@me', async (req, reply) => {
    if (req.headers.authorization !== `Bot ${FAKE_BOT_TOKEN}`)
      return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
    return {
      id: interactions.applicationId,
      name: 'Anime Cards (demo)',
      verify_key: interactions.publicKeyHex,
      bot_public: true,
    };
  });
  api.put<{ Params: { appId: string }; Body: unknown[] }>(
    '/applications/:appId/commands',
    async (req, reply) => {
      if (req.headers.authorization !== `Bot ${FAKE_BOT_TOKEN}`)
        return reply.code(401).send({ message: '401: Unauthorized', code: 0 });
      if (req.params.appId !== interactions.applicationId)
        return reply.code(404).send({ message: 'Unknown Application', code: 10002 });
      interactions.commands = Array.isArray(req.body) ? req.body : [];
      return interactions.commands.map((c) => ({
        id: snowflake(),
        application_id: req.params.appId,
        ...(c as object),
      }));
    },
  );
}
