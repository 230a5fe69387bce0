import { describe, expect, it } from 'vitest';
import { imageProxyConfigSchema } from './config';

const parse = (over: Record<string, string>) =>
  imageProxyConfigSchema.safeParse({ INTERNAL_SECRET: 'i'.repeat(32), ...over });

describe('image proxy settings', () => {
  it('defaults to the real CDNs, no allowed private origins and default ports only', () => {
    const config = parse({});
    expect(config.success).toBe(true);
    expect(config.data).toMatchObject({
      DISCORD_CDN_URL: 'https://cdn.discordapp.com',
      SHIKIMORI_BASE_URL: 'https://shikimori.one',
      IMAGE_PROXY_ALLOW_ORIGINS: [],
      IMAGE_PROXY_EXTRA_PORTS: [],
      IMAGE_PROXY_TIMEOUT_MS: 4500,
    });
  });

  it('reads allowed origins and extra ports as lists', () => {
    const config = parse({
      IMAGE_PROXY_ALLOW_ORIGINS: 'http://127.0.0.1:4199, https://img.example/',
      IMAGE_PROXY_EXTRA_PORTS: '8080, 8443',
      DISCORD_CDN_URL: 'http://127.0.0.1:4199/',
    });
    expect(config.data?.IMAGE_PROXY_ALLOW_ORIGINS).toEqual(['http://127.0.0.1:4199', 'https://img.example']);
    expect(config.data?.IMAGE_PROXY_EXTRA_PORTS).toEqual([8080, 8443]);
    expect(config.data?.DISCORD_CDN_URL).toBe('http://127.0.0.1:4199');
  });

  it('refuses allow-list entries that are not plain origins (no wildcards, paths or other schemes)', () => {
    for (const bad of ['*', '127.0.0.0/8', 'http://127.0.0.1:4199/path', 'ftp://x', 'localhost', 'true'])
      expect(parse({ IMAGE_PROXY_ALLOW_ORIGINS: bad }).success, bad).toBe(false);
    for (const bad of ['0', '70000', 'abc'])
      expect(parse({ IMAGE_PROXY_EXTRA_PORTS: bad }).success, bad).toBe(false);
  });
});
