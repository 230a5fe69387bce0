import { ConfigError, loadConfig } from '@acg/platform';
import { describe, expect, it } from 'vitest';
import { authConfigSchema } from './config';

const required = { INTERNAL_SECRET: 's'.repeat(32), DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 'secret' };

describe('auth config', () => {
  it('has defaults for the embedded mode', () => {
    const config = loadConfig(authConfigSchema, required);
    expect(config.DEVELOPER_DISCORD_ID).toBeUndefined();
    expect(config).toMatchObject({
      PORT: 4101,
      PUBLIC_URL: 'http://localhost:3000',
      DISCORD_BASE_URL: 'https://discord.com',
      SESSION_TTL_DAYS: 30,
      COOKIE_SECURE: false,
    });
  });
  it('reads values as given, trailing slashes and empty strings aside', () => {
    const config = loadConfig(authConfigSchema, {
      ...required,
      PUBLIC_URL: 'https://cards.example/',
      DISCORD_BASE_URL: 'http://127.0.0.1:4999/',
      DEVELOPER_DISCORD_ID: '',
      COOKIE_SECURE: 'true',
      SESSION_TTL_DAYS: '7',
    });
    expect(config.DEVELOPER_DISCORD_ID).toBeUndefined();
    expect(config).toMatchObject({
      PUBLIC_URL: 'https://cards.example',
      DISCORD_BASE_URL: 'http://127.0.0.1:4999',
      COOKIE_SECURE: true,
      SESSION_TTL_DAYS: 7,
    });
  });
  it('fails fast on missing or invalid values', () => {
    expect(() => loadConfig(authConfigSchema, { INTERNAL_SECRET: 's'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig(authConfigSchema, { ...required, DEVELOPER_DISCORD_ID: 'admin' })).toThrow(
      /DEVELOPER_DISCORD_ID/,
    );
  });
});
