import { describe, expect, it } from 'vitest';
import { strongEtag } from './etag';

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
