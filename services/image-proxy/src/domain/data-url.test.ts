import { describe, expect, it } from 'vitest';
import { MAX_INLINE_IMAGE_BYTES, parseImageDataUrl } from './data-url';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

describe('parseImageDataUrl', () => {
  it('decodes base64 raster images', () => {
    const parsed = parseImageDataUrl(`data:image/png;base64,${png.toString('base64')}`);
    expect(parsed?.mediaType).toBe('image/png');
    expect(parsed?.bytes.equals(png)).toBe(true);
    expect(parseImageDataUrl(`data:IMAGE/JPEG;name=a.jpg;base64,${png.toString('base64')}`)?.mediaType).toBe(
      'image/jpeg',
    );
  });

  it('refuses other schemes, SVG, non-base64 and broken payloads', () => {
    expect(parseImageDataUrl('https://example.org/a.png')).toBeUndefined();
    expect(
      parseImageDataUrl(`data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`),
    ).toBeUndefined();
    expect(parseImageDataUrl('data:image/png,rawtext')).toBeUndefined();
    expect(parseImageDataUrl('data:text/html;base64,PGI+')).toBeUndefined();
    expect(parseImageDataUrl('data:image/png;base64,@@@')).toBeUndefined();
    expect(parseImageDataUrl('data:image/png;base64,')).toBeUndefined();
  });

  it('refuses payloads over the size limit', () => {
    const big = Buffer.alloc(MAX_INLINE_IMAGE_BYTES + 10).toString('base64');
    expect(parseImageDataUrl(`data:image/png;base64,${big}`)).toBeUndefined();
  });
});
