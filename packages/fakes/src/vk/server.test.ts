import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GROUP_ID, longPostText, REPOST_SOURCE_ID, REPOST_SOURCE_NAME } from './posts';
import { FAKE_VK_TOKEN, type FakeVk, startFakeVk } from './server';

let vk: FakeVk;
beforeAll(async () => {
  vk = await startFakeVk();
});
afterAll(() => vk?.close());

const wallGet = async (params: Record<string, string>) =>
  (await fetch(`${vk.url}/wall.get?${new URLSearchParams(params)}`)).json();

describe('fake VK wall.get', () => {
  it("answers the demo community's wall with the pinned post first and Cyrillic text", async () => {
    const body = await wallGet({
      owner_id: String(DEMO_GROUP_ID),
      count: '10',
      access_token: FAKE_VK_TOKEN,
      v: '5.199',
    });
    const items = body.response.items;
    expect(body.response.count).toBe(5);
    expect(items[0].is_pinned).toBe(1);
    expect(items[1].text).toMatch(/Фрирен/);
    expect(items[1].attachments.map((a: { type: string }) => a.type)).toEqual(['photo', 'link']);
    const photo = await fetch(items[1].attachments[0].photo.sizes.at(-1).url);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
  });

  it("answers VK's error shapes: bad token 5, rate limit 6, closed wall 15, unknown owner 18", async () => {
    const base = { owner_id: String(DEMO_GROUP_ID), v: '5.199' };
    expect((await wallGet({ ...base, access_token: 'nope' })).error.error_code).toBe(5);
    vk.rateLimitNext(2);
    const limited = await wallGet({ ...base, access_token: FAKE_VK_TOKEN });
    expect(limited.error).toMatchObject({ error_code: 6, error_msg: 'Too many requests per second' });
    expect(limited.error.request_params).toContainEqual({ key: 'owner_id', value: String(DEMO_GROUP_ID) });
    expect(JSON.stringify(limited)).not.toContain(FAKE_VK_TOKEN);
    expect((await wallGet({ ...base, access_token: FAKE_VK_TOKEN })).error.error_code).toBe(6);
    expect((await wallGet({ ...base, access_token: FAKE_VK_TOKEN })).response.count).toBe(5);
    expect((await wallGet({ ...base, owner_id: '-1', access_token: FAKE_VK_TOKEN })).error.error_code).toBe(
      15,
    );
    expect((await wallGet({ ...base, owner_id: '-42', access_token: FAKE_VK_TOKEN })).error.error_code).toBe(
      18,
    );
  });

  it('adds posts on top of a wall', async () => {
    const post = vk.addPost(-42, 'Свежий пост', { ageSeconds: 30 });
    const body = await wallGet({ owner_id: '-42', access_token: FAKE_VK_TOKEN, v: '5.199' });
    expect(body.response.items[0]).toMatchObject({ id: post.id, text: 'Свежий пост', owner_id: -42 });
  });
});

describe('fake VK: posts as they really arrive', () => {
  const get = (ownerId: number, extended = '1') =>
    wallGet({ owner_id: String(ownerId), access_token: FAKE_VK_TOKEN, v: '5.199', extended, count: '1' });

  it('serves a repost with the original in copy_history and names its source with extended=1', async () => {
    const repost = vk.addRepost(-77, 'Оригинальный анонс', {
      link: { url: 'https://example.org/news/1', title: 'Анонс' },
    });
    const body = await get(-77);
    const item = body.response.items[0];
    expect(item).toMatchObject({ id: repost.id, text: '', attachments: [] });
    expect(item.copy_history[0]).toMatchObject({ owner_id: REPOST_SOURCE_ID, text: 'Оригинальный анонс' });
    expect(item.copy_history[0].attachments.map((a: { type: string }) => a.type)).toEqual([
      'photo',
      'photo',
      'link',
    ]);
    expect(body.response.groups).toContainEqual(
      expect.objectContaining({ id: -REPOST_SOURCE_ID, name: REPOST_SOURCE_NAME }),
    );
    // Without extended, no groups or profiles.
    expect((await get(-77, '0')).response.groups).toBeUndefined();
  });

  it('serves a picture-only post and a 5,000-unit post with emoji where Discord would cut', async () => {
    vk.addPicturePost(-78);
    const pictures = (await get(-78)).response.items[0];
    expect(pictures.text).toBe('');
    expect(pictures.attachments.map((a: { type: string }) => a.type)).toEqual(['photo', 'photo']);
    vk.addLongPost(-79);
    const text: string = (await get(-79)).response.items[0].text;
    expect(text).toHaveLength(5000);
    // The last unit a 4,095-unit slice keeps (what the relay used to send) is half an emoji.
    expect(text.charCodeAt(4094)).toBeGreaterThanOrEqual(0xd800);
    expect(text.charCodeAt(4094)).toBeLessThan(0xdc00);
    expect(longPostText(300)).toHaveLength(300);
  });
});
