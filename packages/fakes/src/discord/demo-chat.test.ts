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
let mode: { deferMs?: number; followUp?: Promise<void>; status?: number } = {};

let fake: FakeDiscord;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  fake = await startFakeDiscord();
  receiver = await startReceiver(fake.interactions.publicKeyHex, (body) => {
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
});
