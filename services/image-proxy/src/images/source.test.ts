import { createLogger } from '@acg/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, type SafeFetcher } from '../fetch/safe-fetch';
import { DEFAULT_FACE, renderCard } from '../render/card';
import { ART } from '../render/layout';
import { cardSummary, near, pixels } from '../test/factories';
import { startInternalListener, startTestUpstream, type TestUpstream } from '../test/upstream';
import { firstOf, httpImageSource, inlineImageSource } from './source';

let upstream: TestUpstream;
let internal: Awaited<ReturnType<typeof startInternalListener>>;
let fetcher: SafeFetcher;

beforeAll(async () => {
  [upstream, internal] = await Promise.all([startTestUpstream(), startInternalListener()]);
  fetcher = createSafeFetcher({
    allowOrigins: [upstream.url],
    extraPorts: [internal.port],
    maxBytes: 64 * 1024,
    maxRedirects: 3,
    connectTimeoutMs: 300,
    totalTimeoutMs: 800,
  });
});
afterAll(async () => {
  await fetcher?.close();
  await Promise.all([upstream?.close(), internal?.close()]);
});

const ART_MIDDLE: [number, number] = [ART.left + ART.width / 2, ART.top + ART.height / 2];
const source = () => firstOf(inlineImageSource, httpImageSource(fetcher, createLogger('art-test', 'silent')));

describe('card art from http(s) URLs', () => {
  it('draws a card whose art is an http URL with that art', async () => {
    const card = cardSummary(1, { imageUrl: `${upstream.url}/green.jpg` });
    const image = await pixels(await renderCard(card, DEFAULT_FACE, 'png', source()));
    expect(near(image.at(...ART_MIDDLE), [20, 200, 40], 10)).toBe(true);
    expect(upstream.hits).toContain('/green.jpg');
  });

  it('falls back to generated art for addresses the proxy refuses, reaching nothing internal', async () => {
    const placeholder = await renderCard(
      cardSummary(2, { characterName: 'Fern' }),
      DEFAULT_FACE,
      'png',
      source(),
    );
    for (const url of [
      `http://127.0.0.1:${internal.port}/art.png`,
      `http://2130706433:${internal.port}/art.png`,
      `${upstream.url}/to?u=${encodeURIComponent(`http://127.0.0.1:${internal.port}/`)}`,
      `${upstream.url}/svg`,
      `${upstream.url}/big.png`,
    ]) {
      const card = cardSummary(2, { characterName: 'Fern', imageUrl: url, characterImageUrl: url });
      expect((await renderCard(card, DEFAULT_FACE, 'png', source())).equals(placeholder), url).toBe(true);
    }
    expect(internal.connections()).toBe(0);
  });

  it('uses an http rank image as the badge icon', async () => {
    const withIcon = await renderCard(
      cardSummary(3, { rankImageUrl: `${upstream.url}/red.png` }),
      DEFAULT_FACE,
      'png',
      source(),
    );
    const without = await renderCard(cardSummary(3), DEFAULT_FACE, 'png', source());
    expect(withIcon.equals(without)).toBe(false);
  });
});
