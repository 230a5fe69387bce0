import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, strongEtag } from './etag';

describe('strongEtag', () => {
  it('joins plain parts into a readable strong tag', () => {
    expect(strongEtag(['Ab3_x-9', 'r1', 'webp'])).toBe('"Ab3_x-9.r1.webp"');
  });

  it('hashes parts with characters an entity tag should not carry', () => {
    const tag = strongEtag(['v "1", evil', 'png']);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(tag).toBe(strongEtag(['v "1", evil', 'png']));
    expect(tag).not.toBe(strongEtag(['v "1", evil', 'webp']));
  });
});

describe('ifNoneMatchHits', () => {
  const etag = '"v1.r1.webp"';
  it('matches the tag, its weak form, a list containing it, and *', () => {
    expect(ifNoneMatchHits('"v1.r1.webp"', etag)).toBe(true);
    expect(ifNoneMatchHits('W/"v1.r1.webp"', etag)).toBe(true);
    expect(ifNoneMatchHits('"other", "v1.r1.webp"', etag)).toBe(true);
    expect(ifNoneMatchHits(['"a"', '"v1.r1.webp"'], etag)).toBe(true);
    expect(ifNoneMatchHits(' * ', etag)).toBe(true);
  });

  it('does not match other tags, other formats or nothing', () => {
    expect(ifNoneMatchHits('"v1.r1.png"', etag)).toBe(false);
    expect(ifNoneMatchHits('v1.r1.webp', etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
  });
});
