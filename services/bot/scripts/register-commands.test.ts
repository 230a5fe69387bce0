import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FAKE_BOT_TOKEN, type FakeDiscord, startFakeDiscord } from '@acg/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(() => fake?.close());

const run = (env: Record<string, string>) =>
  promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'register-commands.ts')],
    {
      env: { ...process.env, DISCORD_API_BASE_URL: `${fake.url}/api/v10`, ...env },
    },
  );

describe('register-commands script', () => {
  it('registers /card with the application', async () => {
    const { stdout } = await run({
      DISCORD_APPLICATION_ID: fake.interactions.applicationId,
      DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
    });
    expect(stdout).toMatch(/Discord answered 200/);
    expect(fake.interactions.commands).toEqual([
      { name: 'card', type: 1, description: 'Get a random anime character card' },
    ]);
  });
  it('fails on a wrong token', async () => {
    await expect(
      run({ DISCORD_APPLICATION_ID: fake.interactions.applicationId, DISCORD_BOT_TOKEN: 'nope' }),
    ).rejects.toMatchObject({
      code: 1,
    });
  });
});
