import type { FastifyInstance } from 'fastify';
import { colourOf, sendImage } from '../images/raster';
import type { FakeDiscordAccount } from './accounts';

/** Discord's default avatars: embed/avatars/0.png … 5.png, one colour each. */
const DEFAULT_AVATAR_COLOURS = ['#5865f2', '#757e8a', '#3ba55c', '#faa61a', '#ed4245', '#eb459f'];
/**
 * Discord answers any power of two from 16 to 4096 and some sizes between (48 and 96 among
 * them, which the site asks for); the fake draws up to 1024 (larger asks get 1024).
 */
const SIZES = new Set([16, 32, 48, 64, 96, 128, 256, 512, 1024, 2048, 4096]);
const DEFAULT_SIZE = 128;
const MAX_DRAWN = 1024;

function sizeOf(query: unknown): number | undefined {
  const raw = (query as { size?: string }).size;
  if (raw === undefined) return DEFAULT_SIZE;
  const size = Number(raw);
  return SIZES.has(size) ? Math.min(size, MAX_DRAWN) : undefined;
}

/**
 * The part of Discord's CDN (cdn.discordapp.com) the site shows: user avatars at
 * /avatars/{user_id}/{hash}.{png|jpg}?size=N, only for an account whose avatar hash it is, and
 * the default avatars at /embed/avatars/{0-5}.png. Real PNG/JPEG bytes of the asked size, a
 * colour per account. Served by the fake Discord's own server, so the CDN base URL of tests and
 * the demo is the fake's URL.
 */
export function registerCdn(app: FastifyInstance, accounts: readonly FakeDiscordAccount[]): void {
  app.get('/avatars/:userId/:file', async (req, reply) => {
    const { userId, file } = req.params as { userId: string; file: string };
    const match = /^((?:a_)?[0-9a-f]{32})\.(png|jpg|jpeg)$/.exec(file);
    const account = accounts.find((a) => a.discordId === userId);
    if (!match || !account || account.avatar !== match[1])
      return reply.code(404).send({ message: '404: Not Found' });
    const size = sizeOf(req.query);
    if (!size) return reply.code(400).send({ message: 'Invalid size' });
    const seed = Number(account.discordId.slice(-6));
    return sendImage(reply, [size, size], colourOf(seed), match[2] === 'png' ? 'png' : 'jpeg');
  });

  app.get('/embed/avatars/:file', async (req, reply) => {
    const match = /^([0-5])\.png$/.exec((req.params as { file: string }).file);
    if (!match) return reply.code(404).send({ message: '404: Not Found' });
    const size = sizeOf(req.query);
    if (!size) return reply.code(400).send({ message: 'Invalid size' });
    return sendImage(reply, [size, size], DEFAULT_AVATAR_COLOURS[Number(match[1])]!, 'png');
  });
}
