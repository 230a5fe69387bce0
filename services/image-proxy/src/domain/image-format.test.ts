import { describe, expect, it } from 'vitest';
import { acceptedTypes, negotiateFormat } from './image-format';

describe('negotiateFormat', () => {
  it('prefers AVIF, then WebP, then PNG', () => {
    // Chrome's and Firefox's image Accept headers.
    expect(negotiateFormat('image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8')).toBe('avif');
    expect(negotiateFormat('image/webp,*/*')).toBe('webp');
    expect(negotiateFormat('*/*')).toBe('png');
    expect(negotiateFormat(undefined)).toBe('png');
    expect(negotiateFormat('')).toBe('png');
  });

  it('never picks a modern format from a wildcard', () => {
    expect(negotiateFormat('image/*')).toBe('png');
  });

  it('honours q=0 and is case-insensitive', () => {
    expect(negotiateFormat('image/avif;q=0, image/webp;q=0.5')).toBe('webp');
    expect(negotiateFormat('IMAGE/WEBP ; Q=0')).toBe('png');
    expect(negotiateFormat('Image/AVIF')).toBe('avif');
  });

  it('offers only the configured formats', () => {
    expect(negotiateFormat('image/avif,image/webp', ['webp', 'png'])).toBe('webp');
    expect(negotiateFormat('image/avif', ['webp', 'png'])).toBe('png');
  });

  it('ignores malformed parts', () => {
    expect([...acceptedTypes(' , ;q=1, image/webp;q=abc, image/png;q=1')]).toEqual(['image/png']);
  });
});
