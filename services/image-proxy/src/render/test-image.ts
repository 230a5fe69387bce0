import sharp from 'sharp';
import type { Layer } from './art';
import { centredIn, renderFittedText } from './fitted-text';

/** Bumped when the test image's look changes (part of its ETag). */
export const TEST_IMAGE_STYLE = 't1';

/**
 * The admin cache test's image: a diagonal gradient with a light grid, the given text as large
 * as fits in the middle and the size in a corner, as PNG.
 */
export async function renderTestImage(width: number, height: number, text: string): Promise<Buffer> {
  const gridStep = 20;
  const grid: string[] = [];
  for (let x = gridStep; x < width; x += gridStep) grid.push(`M${x} 0V${height}`);
  for (let y = gridStep; y < height; y += gridStep) grid.push(`M0 ${y}H${width}`);
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6c5ce7"/><stop offset="1" stop-color="#ff5fa2"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  ${grid.length ? `<path d="${grid.join('')}" stroke="#ffffff" stroke-opacity="0.15" stroke-width="1"/>` : ''}
</svg>`;
  const box = {
    left: width * 0.08,
    top: height * 0.2,
    width: Math.floor(width * 0.84),
    height: Math.floor(height * 0.6),
  };
  const [caption, size] = await Promise.all([
    renderFittedText({
      text,
      width: box.width,
      height: box.height,
      fontSize: Math.max(8, Math.min(72, Math.floor(height * 0.3))),
      fill: '#ffffff',
      bold: true,
      twoLines: true,
      shadow: true,
    }),
    width >= 120 && height >= 60
      ? renderFittedText({ text: `${width}×${height}`, width: 80, height: 14, fontSize: 12, fill: '#ffffff' })
      : undefined,
  ]);
  const layers: Layer[] = [];
  if (caption) layers.push({ input: caption.input, raw: caption.raw, ...centredIn(caption, box) });
  if (size) {
    layers.push({
      input: size.input,
      raw: size.raw,
      left: width - size.raw.width - 6,
      top: height - size.raw.height - 6,
    });
  }
  return sharp(Buffer.from(background)).composite(layers).png({ compressionLevel: 6 }).toBuffer();
}
