import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReceiver } from '../testing/receiver';
import { demoAccounts } from './accounts';
import { type FakeDiscord, startFakeDiscord } from './server';

const embed = {
  title: 'Frieren',
  description: 'SSS · Celestial',
  color: 0xffd700,
  image: { url: 'http://cards.test/api/cards/42/image' },
  footer: { text: 'You own 1' },
};
/**
 * How the stand-in bot answers: at once, or deferred with the edit following after `deferMs`
 * (simulated latency) or once `followUp` settles (the test decides when).
 */
let mode: { deferMs?: number; followUp?: Promise<void>; status?: number; answer?: unknown } = {};

let fake: FakeDiscord;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  fake = await startFakeDiscord();
  receiver = await startReceiver(fake.interactions.publicKeyHex, (body) => {
    if (mode.answer) return mode.answer as { type: number };
    if (mode.deferMs === undefined && mode.followUp === undefined)
      return { type: 4, data: { embeds: [embed] } };
    const edit = () =>
      void fetch(`${fake.url}/api/v10/webhooks/${body.application_id}/${body.token}/messages/@original`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ embeds: [embed] }),
      });
    if (mode.followUp) void mode.followUp.then(edit);
    else setTimeout(edit, mode.deferMs);
    return { type: 5 };
  });
  fake.interactions.interactionsUrl = receiver.url;
});
afterAll(async () => {
  await receiver?.close();
  await fake?.close();
});
beforeEach(() => {
  mode = {};
});

const [fan, admin] = demoAccounts;
const form = (as: string) =>
  fetch(`${fake.url}/demo/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ as }),
  });
const sendJson = (as: string) =>
  fetch(`${fake.url}/demo/card/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ as }),
  });

describe('Discord chat (demo)', () => {
  it('shows one /card button per demo account, or only the one asked for', async () => {
    const all = await (await fetch(`${fake.url}/demo/card`)).text();
    expect(all).toContain('<title>Discord chat (demo)</title>');
    expect(all).toContain(`/card as @${fan!.username}`);
    expect(all).toContain(`/card as @${admin!.username}`);
    const one = await (await fetch(`${fake.url}/demo/card?as=${admin!.discordId}`)).text();
    expect(one).not.toContain(`/card as @${fan!.username}`);
    expect(one).toContain(`value="${admin!.discordId}"`);
  });

  it('without a script: posts a signed /card and shows the embed with its image', async () => {
    const res = await form(fan!.discordId);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(receiver.received.at(-1)).toMatchObject({
      verified: true,
      body: { type: 2, data: { name: 'card' }, member: { user: { id: fan!.discordId } } },
    });
    expect(html).toContain(`<b>@${fan!.username}</b> used <code>/card</code>`);
    expect(html).toContain('<div class="embed" style="--c:#ffd700"><b>Frieren</b>');
    expect(html).toContain('<img src="http://cards.test/api/cards/42/image" alt="Frieren">');
  });

  it('without a script: waits for the follow-up of a deferred answer', async () => {
    mode = { deferMs: 300 };
    const html = await (await form(fan!.discordId)).text();
    expect(html).toContain('http://cards.test/api/cards/42/image');
    expect(html).not.toContain('Anime Cards is thinking');
  });

  it('with the script: answers at once, then the page polls until the follow-up arrives', async () => {
    let followUp!: () => void;
    mode = {
      followUp: new Promise<void>((resolve) => {
        followUp = resolve;
      }),
    };
    const sent = await (await sendJson(admin!.discordId)).json();
    expect(sent).toMatchObject({ status: 200, deferred: true, botHtml: expect.stringContaining('thinking') });
    const poll = () =>
      fetch(`${fake.url}/demo/card/messages/${encodeURIComponent(sent.token)}`).then((r) => r.json());
    expect((await poll()).settled).toBe(false);
    followUp();
    await expect.poll(async () => (await poll()).settled).toBe(true);
    const done = await poll();
    expect(done.botHtml).toContain('http://cards.test/api/cards/42/image');
    expect((await fetch(`${fake.url}/demo/card/messages/unknown`)).status).toBe(404);
  });

  it('shows what went wrong: unknown account, a refusing bot, no bot at all', async () => {
    expect((await form('123')).status).toBe(400);
    expect((await sendJson('123')).status).toBe(400);

    const elsewhere = await startFakeDiscord({ interactionsUrl: receiver.url });
    try {
      // Signed with another application's key: the stand-in bot refuses it.
      const html = await (
        await fetch(`${elsewhere.url}/demo/card`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ as: fan!.discordId }),
        })
      ).text();
      expect(html).toContain('The bot answered HTTP 401.');
      elsewhere.interactions.interactionsUrl = undefined;
      const none = await fetch(`${elsewhere.url}/demo/card/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ as: fan!.discordId }),
      });
      expect(none.status).toBe(503);
      expect((await none.json()).botHtml).toContain('not connected to a bot');
      elsewhere.interactions.interactionsUrl = 'http://127.0.0.1:9/interactions';
      const down = await fetch(`${elsewhere.url}/demo/card/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ as: fan!.discordId }),
      });
      expect(down.status).toBe(502);
    } finally {
      await elsewhere.close();
    }
  });

  it('offers the other commands, sent from the bot’s DM with their text and member', async () => {
    const page = await (await fetch(`${fake.url}/demo/card`)).text();
    for (const label of [
      '/collection [search]',
      '/view &#60;card&#62;',
      '/wish add &#60;character&#62;',
      '/wish list',
      '/trade &#60;user&#62;',
      '/profile [user]',
    ])
      expect(page).toContain(label);
    expect(page).toContain(`Send as @${fan!.username}`);

    const post = (body: Record<string, string>) =>
      fetch(`${fake.url}/demo/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ as: fan!.discordId, ...body }),
      });
    await post({ command: 'collection', text: 'fri', user: '' });
    expect(receiver.received.at(-1)?.body).toMatchObject({
      type: 2,
      context: 1,
      user: { id: fan!.discordId },
      data: { name: 'collection', options: [{ name: 'search', type: 3, value: 'fri' }] },
    });
    await post({ command: 'trade', user: admin!.discordId });
    expect(receiver.received.at(-1)?.body).toMatchObject({
      data: {
        name: 'trade',
        options: [{ name: 'user', type: 6, value: admin!.discordId }],
        resolved: { users: { [admin!.discordId]: { username: admin!.username } } },
      },
    });
    await post({ command: 'wish add', text: 'Fern' });
    expect(receiver.received.at(-1)?.body).toMatchObject({
      data: {
        name: 'wish',
        options: [{ name: 'add', type: 1, options: [{ name: 'character', value: 'Fern' }] }],
      },
    });
    expect((await post({ command: 'auction' })).status).toBe(400);
  });

  it('shows the bot’s buttons and menus as Discord would, and sends what is clicked or chosen', async () => {
    mode.answer = {
      type: 4,
      data: {
        content: 'Trade with **fan\\_2**: \\*not bold\\*',
        components: [
          {
            type: 1,
            components: [
              {
                type: 3,
                custom_id: 'tr:1:give',
                placeholder: 'Your copies',
                options: [
                  { label: 'Frieren', value: '601' },
                  { label: 'Fern', value: '602', default: true },
                ],
              },
            ],
          },
          {
            type: 1,
            components: [
              { type: 2, style: 1, label: 'Next ▶', custom_id: 'col:1:1::' },
              { type: 2, style: 5, label: 'Site', url: 'http://cards.test/u/1' },
            ],
          },
        ],
      },
    };
    const html = await (await form(fan!.discordId)).text();
    expect(html).toContain('Trade with <b>fan_2</b>: *not bold*');
    expect(html).toContain('<option value="602" selected>Fern</option>');
    expect(html).toContain('value="col:1:1::"');
    expect(html).toContain('<a href="http://cards.test/u/1">Site</a>');

    const click = (body: Record<string, unknown>) =>
      fetch(`${fake.url}/demo/card/click/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ as: fan!.discordId, ...body }),
      });
    const clicked = await click({ custom_id: 'col:1:1::' });
    expect(clicked.status).toBe(200);
    expect(receiver.received.at(-1)?.body).toMatchObject({
      type: 3,
      data: { custom_id: 'col:1:1::', component_type: 2 },
    });
    await click({ custom_id: 'tr:1:give', values: ['601', '602'] });
    expect(receiver.received.at(-1)?.body).toMatchObject({
      type: 3,
      data: { custom_id: 'tr:1:give', component_type: 3, values: ['601', '602'] },
    });
    expect((await click({})).status).toBe(400);
  });
});
