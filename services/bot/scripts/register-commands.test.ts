import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FAKE_BOT_TOKEN, type FakeDiscord, startFakeDiscord } from '@acg/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/domain/commands';

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
    expect(stdout).toMatch(/Discord answered 200: registered \/card \(\d+\)/);
    expect(fake.interactions.commands).toEqual([expect.objectContaining(COMMANDS[0])]);
    // Discord lists what was registered.
    const listed = await fetch(
      `${fake.url}/api/v10/applications/${fake.interactions.applicationId}/commands`,
      {
        headers: { authorization: `Bot ${FAKE_BOT_TOKEN}` },
      },
    );
    expect(await listed.json()).toEqual([expect.objectContaining({ name: 'card', type: 1 })]);
  });

  it('fails on a wrong token, and on missing settings', async () => {
    await expect(
      run({ DISCORD_APPLICATION_ID: fake.interactions.applicationId, DISCORD_BOT_TOKEN: 'nope' }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/HTTP 401/) });
    await expect(run({ DISCORD_APPLICATION_ID: '', DISCORD_BOT_TOKEN: '' })).rejects.toMatchObject({
      code: 2,
    });
  });
});
