import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits } from './etag';

describe('ifNoneMatchHits', () => {
  const etag = '"v1.r1.webp"';
  it('matches the tag, its weak form, a list containing it, and *', () => {
    expect(ifNoneMatchHits('"v1.r1.webp"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"v1.r1.webp"', etag)).toBe(true);
    expect(ifNoneMatchHits('"v1.r1.webp"', `W/${etag}`)).toBe(true);
    expect(ifNoneMatchHits('"other", "v1.r1.webp"', etag)).toBe(true);
    expect(ifNoneMatchHits('"a","v1.r1.webp"', etag)).toBe(true);
    expect(ifNoneMatchHits(['"a"', '"v1.r1.webp"'], etag)).toBe(true);
    expect(ifNoneMatchHits('*', etag)).toBe(true);
  });

  it('does not match other tags, unquoted tags or nothing', () => {
    expect(ifNoneMatchHits('"v1.r1.png"', etag)).toBe(false);
    expect(ifNoneMatchHits('"v1.r1.webpx"', etag)).toBe(false);
    expect(ifNoneMatchHits('v1.r1.webp', etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});
