import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './page-cache';

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
