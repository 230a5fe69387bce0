import type { FastifyInstance } from 'fastify';
import type { FakeAnimeCatalogue } from '../anime-data';
import { demoCharacterOfSlug, demoPortraitSvg } from '../images/looks';
import { DEMO_ART_PATH, drawPortrait, rasterize } from '../images/portrait';
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
      // A demo character's art is its portrait, as the real site shows the character's picture.
      const [w, h] = dims;
      const portrait = demoPortraitSvg(character.name, w, h);
      if (portrait)
        return reply.type('image/jpeg').send(await rasterize(`${character.name}:${w}x${h}`, () => portrait));
      return sendImage(reply, dims, colourOf(id), 'jpeg');
    }
    if (kind === 'people') return sendImage(reply, dims, colourOf(id + 7), 'jpeg');
    return reply.code(404).send('Not Found');
  });

  // Demo art: real-looking character portraits (600x800 JPEG): portrait n at /uploads/art/{n}.jpg,
  // and each demo character's own at /uploads/art/{demoArtSlug(name)}.jpg (its look, rules §41).
  app.get(`${DEMO_ART_PATH}/:file`, async (req, reply) => {
    const file = (req.params as { file: string }).file;
    const numbered = /^([1-9][0-9]{0,3})\.jpg$/.exec(file);
    const name = numbered ? undefined : demoCharacterOfSlug(/^([a-z0-9-]+)\.jpg$/.exec(file)?.[1] ?? '');
    if (!numbered && !name) return reply.code(404).send('Not Found');
    const image = numbered
      ? await drawPortrait(Number(numbered[1]))
      : await rasterize(`${name}:600x800`, () => demoPortraitSvg(name!)!);
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(image);
  });
  app.get('/assets/globals/:file', async (req, reply) => {
    const match = /^missing_(original|preview|x96|x48)\.jpg$/.exec((req.params as { file: string }).file);
    if (!match) return reply.code(404).send('Not Found');
    return sendImage(reply, POSTER_SIZES[match[1]!]!, '#d9d9d9', 'jpeg');
  });
}
