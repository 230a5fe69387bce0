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
  it('registers every command, named and described in English and Russian, for servers, DMs and user installs', async () => {
    const { stdout } = await run({
      DISCORD_APPLICATION_ID: fake.interactions.applicationId,
      DISCORD_BOT_TOKEN: FAKE_BOT_TOKEN,
    });
    expect(stdout).toMatch(
      /Discord answered 200: registered \/card \(\d+\), \/collection \(\d+\), \/view \(\d+\), \/wish \(\d+\), \/trade \(\d+\), \/profile \(\d+\)/,
    );
    expect(fake.interactions.commands).toEqual(COMMANDS.map((c) => expect.objectContaining(c)));
    // Discord lists what was registered.
    const listed = (await (
      await fetch(`${fake.url}/api/v10/applications/${fake.interactions.applicationId}/commands`, {
        headers: { authorization: `Bot ${FAKE_BOT_TOKEN}` },
      })
    ).json()) as Array<Record<string, unknown>>;
    const byName = new Map(listed.map((c) => [c.name, c]));
    expect([...byName.keys()]).toEqual(['card', 'collection', 'view', 'wish', 'trade', 'profile']);
    for (const command of listed) {
      expect(command).toMatchObject({ type: 1, contexts: [0, 1, 2], integration_types: [0, 1] });
      expect(command.description_localizations).toEqual({ ru: expect.stringMatching(/[а-яё]/i) });
    }
    expect(byName.get('card')).toMatchObject({
      description: 'Get a random anime character card',
      description_localizations: { ru: 'Получить случайную карту аниме-персонажа' },
    });
    expect(byName.get('trade')).toMatchObject({
      name_localizations: { ru: 'обмен' },
      options: [{ type: 6, name: 'user', name_localizations: { ru: 'пользователь' }, required: true }],
    });
    expect(byName.get('wish')).toMatchObject({
      name_localizations: { ru: 'желания' },
      options: [
        { type: 1, name: 'add', options: [{ name: 'character', autocomplete: true, required: true }] },
        { type: 1, name: 'remove', name_localizations: { ru: 'убрать' } },
        { type: 1, name: 'list' },
      ],
    });
    expect(byName.get('view')).toMatchObject({ options: [{ name: 'card', type: 3, autocomplete: true }] });
  });

  it('is refused by Discord when a command breaks its naming rules', async () => {
    const res = await fetch(`${fake.url}/api/v10/applications/${fake.interactions.applicationId}/commands`, {
      method: 'PUT',
      headers: { authorization: `Bot ${FAKE_BOT_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify([{ ...COMMANDS[1], name_localizations: { ru: 'Коллекция' } }]),
    });
    expect(res.status).toBe(400);
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
