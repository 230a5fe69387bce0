import type { FastifyInstance } from 'fastify';
import type { FakeAnimeCatalogue } from '../anime-data';
import { colourOf, sendImage } from '../images/raster';

const COVER: Record<string, readonly [number, number]> = {
  extraLarge: [460, 650],
  large: [230, 325],
  medium: [100, 142],
};
const CHARACTER: Record<string, readonly [number, number]> = { large: [230, 345], medium: [100, 150] };

/** The CDN paths the API's image URLs point at: covers, banners, character art and the defaults. */
export function registerImages(app: FastifyInstance, catalogue: FakeAnimeCatalogue): void {
  app.get('/file/anilistcdn/media/anime/cover/:size/:file', async (req, reply) => {
    const { size, file } = req.params as { size: string; file: string };
    const id = Number(/^bx(\d+)\.jpg$/.exec(file)?.[1]);
    const anime = catalogue.animeByAnilistId(id);
    if (!COVER[size] || !anime?.hasImage) return reply.code(404).send('Not Found');
    return sendImage(reply, COVER[size], anime.color, 'jpeg');
  });
  app.get('/file/anilistcdn/media/anime/banner/:file', async (req, reply) => {
    const id = Number(/^(\d+)\.jpg$/.exec((req.params as { file: string }).file)?.[1]);
    const anime = catalogue.animeByAnilistId(id);
    if (!anime?.hasBanner) return reply.code(404).send('Not Found');
    return sendImage(reply, [1900, 400], anime.color, 'jpeg');
  });
  app.get('/file/anilistcdn/media/default.jpg', async (_req, reply) =>
    sendImage(reply, [230, 325], '#d3d5f3', 'jpeg'),
  );
  app.get('/file/anilistcdn/character/:size/:file', async (req, reply) => {
    const { size, file } = req.params as { size: string; file: string };
    const dims = CHARACTER[size];
    if (!dims) return reply.code(404).send('Not Found');
    if (file === 'default.jpg') return sendImage(reply, dims, '#d3d5f3', 'jpeg');
    const id = Number(/^b(\d+)\.png$/.exec(file)?.[1]);
    const character = catalogue.characterByAnilistId(id);
    if (!character?.hasImage) return reply.code(404).send('Not Found');
    return sendImage(reply, dims, colourOf(id), 'png');
  });
}
