import { describe, expect, it } from 'vitest';
import { under } from './proxy';

describe('an upstream image URL under its configured base', () => {
  const base = 'http://cdn.test/mirror/shikimori';

  it('joins a path below the base, with the query it is given', () => {
    expect(under(base, 'system/animes/original/1.jpg')).toBe(
      'http://cdn.test/mirror/shikimori/system/animes/original/1.jpg',
    );
    expect(under(`${base}/`, 'avatars/1/abc.png', 'size=96')).toBe(
      'http://cdn.test/mirror/shikimori/avatars/1/abc.png?size=96',
    );
  });

  it.each([
    '../api/users',
    'system/../../oauth/token',
    '..%2f..%2fapi',
    '/api/users',
    '//evil.test/x.png',
    'http://evil.test/x.png',
    '\\\\evil.test\\x.png',
  ])('refuses %s, which would leave the base', (path) => {
    let url: string | undefined;
    try {
      url = under(base, path);
    } catch (err) {
      expect(err).toMatchObject({ status: 400, reason: 'path' });
      return;
    }
    // Percent-encoded separators stay inside one segment: still below the base.
    expect(url.startsWith('http://cdn.test/mirror/shikimori/')).toBe(true);
  });
});
