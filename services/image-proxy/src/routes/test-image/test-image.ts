import type { HttpServer } from '@acg/platform';
import sharp from 'sharp';
import { z } from 'zod';
import { escapeXml, FONT } from '../../render/svg';

const query = z.object({
  width: z.coerce.number().int().min(1).max(2000).default(300),
  height: z.coerce.number().int().min(1).max(2000).default(200),
  text: z.string().max(100).default('Test'),
});

/** GET /api/test-image: a generated PNG for the admin cache test (spec 3 §7). */
export function registerTestImageRoutes(app: HttpServer): void {
  app.get('/api/test-image', { schema: { querystring: query } }, async (req, reply) => {
    const { width, height, text } = req.query;
    const size = Math.max(
      8,
      Math.min(48, Math.floor(Math.min(width / Math.max(text.length, 1), height / 2))),
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff5fa2"/><stop offset="1" stop-color="#6c5ce7"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>
      <text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="${FONT}" font-size="${size}" fill="#fff">${escapeXml(text)}</text>
    </svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(png);
  });
}
