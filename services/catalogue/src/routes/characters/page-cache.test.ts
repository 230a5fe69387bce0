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
  const ifNoneMatch = (value: string | undefined) => ({ 'if-none-match': value });
  it('matches the tag alone, weak, in a list or as *', () => {
    expect(matchesEtag(ifNoneMatch('"abc"'), '"abc"')).toBe(true);
    expect(matchesEtag(ifNoneMatch('W/"abc"'), '"abc"')).toBe(true);
    expect(matchesEtag(ifNoneMatch('"x", "abc"'), '"abc"')).toBe(true);
    expect(matchesEtag(ifNoneMatch('*'), '"abc"')).toBe(true);
    expect(matchesEtag(ifNoneMatch('"abcd"'), '"abc"')).toBe(false);
    expect(matchesEtag(ifNoneMatch(undefined), '"abc"')).toBe(false);
  });
  it('gives the full answer to a request that says no-cache', () => {
    expect(matchesEtag({ 'if-none-match': '"abc"', 'cache-control': 'no-cache' }, '"abc"')).toBe(false);
  });
});
