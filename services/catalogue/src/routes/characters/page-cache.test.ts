import { describe, expect, it } from 'vitest';
import { matchesEtag, preferredEncoding } from './page-cache';

describe('preferredEncoding', () => {
  it('takes gzip when the client accepts it', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('gzip');
    expect(preferredEncoding('br;q=1.0, GZIP;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
  });
  it('sends the plain bytes otherwise', () => {
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
    expect(preferredEncoding('br, deflate')).toBe('identity');
    expect(preferredEncoding('gzip;q=0')).toBe('identity');
    expect(preferredEncoding('gzip; q=0.0, identity')).toBe('identity');
  });
});

describe('matchesEtag', () => {
  it('matches the tag alone, weak, in a list or as *', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('"x", "abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abcd"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
});
