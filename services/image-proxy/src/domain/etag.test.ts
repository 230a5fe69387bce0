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
  const hits = (value: string | undefined, extra: Record<string, string> = {}) =>
    ifNoneMatchHits({ 'if-none-match': value, ...extra }, etag);
  it('matches the tag, its weak form, a list containing it, and *', () => {
    expect(hits('"v1.r1.webp"')).toBe(true);
    expect(hits('W/"v1.r1.webp"')).toBe(true);
    expect(hits('"other", "v1.r1.webp"')).toBe(true);
    expect(hits('"a","v1.r1.webp"')).toBe(true);
    expect(hits('*')).toBe(true);
  });

  it('does not match other tags, other formats or nothing', () => {
    expect(hits('"v1.r1.png"')).toBe(false);
    expect(hits('v1.r1.webp')).toBe(false);
    expect(hits('')).toBe(false);
    expect(hits(undefined)).toBe(false);
  });

  it('sends the bytes to a request that says no-cache', () => {
    expect(hits('"v1.r1.webp"', { 'cache-control': 'no-cache' })).toBe(false);
  });
});
