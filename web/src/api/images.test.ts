import { describe, expect, it } from 'vitest';
import { cardImageUrl, discordAvatarUrl, imageSource } from './images';

describe('image sources', () => {
  it('builds Discord avatars from the id and the hash, and none without a hash', () => {
    expect(discordAvatarUrl('1187394520190640128', 'a_7e2b')).toBe(
      'https://cdn.discordapp.com/avatars/1187394520190640128/a_7e2b.png',
    );
    expect(discordAvatarUrl('1187394520190640128', null)).toBeNull();
    expect(discordAvatarUrl(null, 'abc')).toBeNull();
  });

  it('loads our own paths and inline images as they are', () => {
    expect(imageSource(cardImageUrl(12))).toBe('/api/cards/12/image');
    expect(imageSource('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(imageSource(null)).toBeNull();
    expect(imageSource('')).toBeNull();
  });

  it('sends external pictures through the proxy paths of requirements M7 and requirements O7', () => {
    expect(imageSource('https://cdn.discordapp.com/avatars/1/abc.png?size=64')).toBe(
      '/api/proxy/discord/avatars/1/abc.png?size=64',
    );
    expect(imageSource('https://cdn.discordapp.com/embed/avatars/0.png')).toBe(
      '/api/proxy/discord/embed/avatars/0.png',
    );
    expect(imageSource('https://shikimori.one/system/users/x160/1.png?17')).toBe(
      '/api/proxy/shikimori/system/users/x160/1.png?17',
    );
    expect(imageSource('http://img.example.org/a b.jpg')).toBe(
      `/api/proxy-image?url=${encodeURIComponent('http://img.example.org/a%20b.jpg')}`,
    );
  });

  it('refuses anything else', () => {
    for (const url of [
      'javascript:alert(1)',
      '//evil.example/a.png',
      'ftp://x/a.png',
      'not a url',
      'data:text/html,<b>',
    ])
      expect(imageSource(url), url).toBeNull();
  });
});
