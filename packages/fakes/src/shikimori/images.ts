import type { FastifyInstance } from 'fastify';
import type { FakeAnimeCatalogue } from '../anime-data';
import { DEMO_ART_PATH, drawPortrait } from '../images/portrait';
import { colourOf, sendImage } from '../images/raster';
import type { ShikimoriAccount } from './accounts';

const POSTER_SIZES: Record<string, readonly [number, number]> = {
  original: [225, 318],
  preview: [160, 226],
  x96: [96, 136],
  x48: [48, 68],
};
const AVATAR_SIZES: Record<string, number> = {
  x160: 160,
  x148: 148,
  x80: 80,
  x64: 64,
  x48: 48,
  x32: 32,
  x16: 16,
};

/**
 * The site's static files: posters, character and people art, avatars, the missing-image
 * placeholder, and the demo's character portraits under /uploads/art.
 */
export function registerImages(
  app: FastifyInstance,
  catalogue: FakeAnimeCatalogue,
  accounts: readonly ShikimoriAccount[],
): void {
  app.get('/system/:kind/:size/:file', async (req, reply) => {
    const { kind, size, file } = req.params as { kind: string; size: string; file: string };
    const match = /^(\d+)\.(jpg|png)$/.exec(file);
    const id = match ? Number(match[1]) : Number.NaN;
    if (kind === 'users') {
      const side = AVATAR_SIZES[size];
      const account = accounts.find((a) => a.id === id);
      if (!side || !account || match?.[2] !== 'png') return reply.code(404).send('Not Found');
      return sendImage(reply, [side, side], colourOf(id), 'png');
    }
    if (kind === 'studios') return sendImage(reply, [120, 60], colourOf(id), 'png');
    const dims = POSTER_SIZES[size];
    if (!dims || match?.[2] !== 'jpg') return reply.code(404).send('Not Found');
    if (kind === 'animes') {
      const anime = catalogue.animeByShikimoriId(id);
      if (!anime?.hasImage) return reply.code(404).send('Not Found');
      return sendImage(reply, dims, anime.color, 'jpeg');
    }
    if (kind === 'characters') {
      const character = catalogue.characterByShikimoriId(id);
      if (!character?.hasImage) return reply.code(404).send('Not Found');
      return sendImage(reply, dims, colourOf(id), 'jpeg');
    }
    if (kind === 'people') return sendImage(reply, dims, colourOf(id + 7), 'jpeg');
    return reply.code(404).send('Not Found');
  });

  // Demo art: real-looking character portraits (600x800 JPEG), portrait n at /uploads/art/{n}.jpg.
  app.get(`${DEMO_ART_PATH}/:file`, async (req, reply) => {
    const match = /^([1-9][0-9]{0,3})\.jpg$/.exec((req.params as { file: string }).file);
    if (!match) return reply.code(404).send('Not Found');
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(await drawPortrait(Number(match[1])));
  });
  app.get('/assets/globals/:file', async (req, reply) => {
    const match = /^missing_(original|preview|x96|x48)\.jpg$/.exec((req.params as { file: string }).file);
    if (!match) return reply.code(404).send('Not Found');
    return sendImage(reply, POSTER_SIZES[match[1]!]!, '#d9d9d9', 'jpeg');
  });
}
