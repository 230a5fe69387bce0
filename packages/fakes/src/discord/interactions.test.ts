import { createPublicKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../testing/receiver';
import { demoAccounts } from './accounts';
import { FAKE_BOT_TOKEN } from './interactions';
import { type FakeDiscord, startFakeDiscord } from './server';

let fake: FakeDiscord;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  fake = await startFakeDiscord();
  receiver = await startReceiver(fake.interactions.publicKeyHex, (body) =>
    body.type === 1 ? { type: 1 } : { type: 4, data: { content: `hello ${body.id}` } },
  );
});
afterAll(async () => {
  await receiver?.close();
  await fake?.close();
});

const api = (path: string, init: RequestInit = {}) => fetch(`${fake.url}/api/v10${path}`, init);
const json = (method: string, body: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const bot = { authorization: `Bot ${FAKE_BOT_TOKEN}` };

describe('the fake application key pair', () => {
  it('signs timestamp + body with a key whose public half it exposes as hex', () => {
    const { publicKeyHex } = fake.interactions;
    expect(publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKeyHex, 'hex')]),
      format: 'der',
      type: 'spki',
    });
    const headers = fake.interactions.signatureHeaders('{"type":1}', 1_790_000_000);
    expect(headers['x-signature-timestamp']).toBe('1790000000');
    const signature = Buffer.from(headers['x-signature-ed25519']!, 'hex');
    expect(verify(null, Buffer.from('1790000000{"type":1}'), key, signature)).toBe(true);
    expect(verify(null, Buffer.from('1790000001{"type":1}'), key, signature)).toBe(false);
  });

  it('is a different key for every fake (generated at start)', async () => {
    const other = await startFakeDiscord();
    expect(other.interactions.publicKeyHex).not.toBe(fake.interactions.publicKeyHex);
    await other.close();
  });
});

describe('delivering interactions', () => {
  it('sends a signed APPLICATION_COMMAND shaped like Discord’s and records the answer', async () => {
    const account = demoAccounts[1]!;
    const interaction = fake.interactions.commandInteraction(account, 'card');
    const sent = await fake.interactions.send(interaction, receiver.url);
    expect(sent).toEqual({
      status: 200,
      answer: { type: 4, data: { content: `hello ${interaction.id}` } },
      token: interaction.token,
    });
    expect(receiver.received.at(-1)).toEqual({ body: interaction, verified: true });
    expect(interaction).toMatchObject({
      application_id: fake.interactions.applicationId,
      type: 2,
      locale: 'ru',
      data: { name: 'card', type: 1 },
      member: { user: { id: account.discordId, username: account.username } },
    });
    expect(interaction.id).toMatch(/^\d{17,20}$/);
    expect(fake.interactions.messages.get(interaction.token)?.original?.content).toBe(
      `hello ${interaction.id}`,
    );
  });

  it('delivers to the interactions URL set after start, and refuses to send without one', async () => {
    await expect(fake.interactions.send(fake.interactions.pingInteraction())).rejects.toThrow(
      /no interactions URL/,
    );
    fake.interactions.interactionsUrl = receiver.url;
    try {
      const sent = await fake.interactions.send(fake.interactions.pingInteraction());
      expect(sent.answer).toEqual({ type: 1 });
    } finally {
      fake.interactions.interactionsUrl = undefined;
    }
    const configured = await startFakeDiscord({ interactionsUrl: receiver.url });
    expect((await configured.interactions.send(configured.interactions.pingInteraction())).status).toBe(401);
    await configured.close();
  });
});

describe('the application REST API', () => {
  it('shows the application with its verify key to its bot only', async () => {
    expect((await api('/applications/@me')).status).toBe(401);
    const app = await (await api('/applications/@me', { headers: bot })).json();
    expect(app).toMatchObject({
      id: fake.interactions.applicationId,
      verify_key: fake.interactions.publicKeyHex,
    });
  });

  it('replaces the global commands with PUT and lists them', async () => {
    const path = `/applications/${fake.interactions.applicationId}/commands`;
    const commands = [{ name: 'card', type: 1, description: 'Get a random card' }];
    expect((await api(path, json('PUT', commands))).status).toBe(401);
    expect((await api('/applications/1/commands', json('PUT', commands, bot))).status).toBe(404);
    const bad = await api(path, json('PUT', [{ name: 'Card Drop', description: '' }], bot));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 50035 });

    const put = await api(path, json('PUT', commands, bot));
    expect(put.status).toBe(200);
    const registered = await put.json();
    expect(registered).toEqual([
      expect.objectContaining({
        ...commands[0],
        id: expect.any(String),
        application_id: fake.interactions.applicationId,
      }),
    ]);
    expect(await (await api(path, { headers: bot })).json()).toEqual(registered);
    await api(path, json('PUT', [], bot));
    expect(fake.interactions.commands).toEqual([]);
  });
});

describe('interaction webhooks', () => {
  const deliver = async () => {
    const interaction = fake.interactions.commandInteraction(demoAccounts[0]!, 'card');
    await fake.interactions.send(interaction, receiver.url);
    return `/webhooks/${fake.interactions.applicationId}/${interaction.token}`;
  };

  it('edits and reads the original message, and posts follow-ups', async () => {
    const hook = await deliver();
    const embed = {
      title: 'Frieren',
      color: 0xffd700,
      image: { url: 'http://x.test/a.png' },
      footer: { text: 'f' },
    };
    const edited = await api(`${hook}/messages/@original`, json('PATCH', { embeds: [embed] }));
    expect(edited.status).toBe(200);
    const message = await edited.json();
    expect(message).toMatchObject({ embeds: [embed], edited_timestamp: expect.any(String) });
    expect(await (await api(`${hook}/messages/@original`)).json()).toMatchObject({
      id: message.id,
      embeds: [embed],
    });

    const followUp = await api(hook, json('POST', { content: 'one more thing', flags: 64 }));
    expect(followUp.status).toBe(200);
    const token = hook.split('/').at(-1)!;
    expect(fake.interactions.messages.get(token)?.followUps.map((m) => m.content)).toEqual([
      'one more thing',
    ]);
  });

  it('refuses unknown tokens and applications, and messages Discord would refuse', async () => {
    const hook = await deliver();
    const app = fake.interactions.applicationId;
    expect(
      (await api(`/webhooks/${app}/not-a-token/messages/@original`, json('PATCH', { content: 'x' }))).status,
    ).toBe(404);
    expect((await api(`${hook.replace(app, '42')}`, json('POST', { content: 'x' }))).status).toBe(404);
    const empty = await api(`${hook}/messages/@original`, json('PATCH', {}));
    expect(empty.status).toBe(400);
    const tooLong = await api(hook, json('POST', { content: 'x'.repeat(2001) }));
    expect(await tooLong.json()).toMatchObject({ code: 50035 });
    const badColour = await api(hook, json('POST', { embeds: [{ title: 't', color: -1 }] }));
    expect(badColour.status).toBe(400);
  });
});
