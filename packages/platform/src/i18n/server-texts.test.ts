import { i18nServerTexts, translationsSaved } from '@acg/contracts';
import { replaceServerOverrides, t } from '@acg/i18n/server';
import { afterEach, describe, expect, it } from 'vitest';
import { makeEvent } from '../bus/make-event';
import { createMemoryBus } from '../bus/memory';
import { UnavailableError } from '../errors';
import { createLogger } from '../logger';
import { startServerTexts } from './server-texts';

/**
 * A process's server texts follow what the admin service answers (`admin.i18n.server-texts`):
 * at start, when a save is heard, and on a timer; without an answer, the last one or the bundle.
 */
const logger = createLogger('server-texts-test', 'silent');
const EXPIRED_RU = 'Срок обмена истёк';
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  replaceServerOverrides({});
});

/** Polls (at most 2 s) until `read` gives `want`. */
async function eventually(read: () => string, want: string): Promise<void> {
  for (let i = 0; i < 100 && read() !== want; i++) await new Promise((r) => setTimeout(r, 20));
  expect(read()).toBe(want);
}

describe('server texts', () => {
  it('take the administrators’ texts at start and again when a save is heard', async () => {
    const bus = createMemoryBus();
    let stored: Record<string, Record<string, unknown>> = { ru: { trades: { expired: 'Обмен просрочен' } } };
    const served = bus.serve(i18nServerTexts, async () => ({ languages: stored }));
    stops.push(() => served.stop());
    const texts = await startServerTexts({ bus, logger, revalidateMs: 3_600_000 });
    stops.push(() => texts.stop());
    await eventually(() => t('ru', 'trades.expired'), 'Обмен просрочен');

    stored = { ru: { trades: { expired: 'Время вышло' } }, de: { trades: { expired: 'Abgelaufen' } } };
    await bus.publish(makeEvent(translationsSaved, { lang: 'de', version: 2 }));
    await eventually(() => t('de', 'trades.expired'), 'Abgelaufen');
    expect(t('ru', 'trades.expired')).toBe('Время вышло');

    // An override removed in the editor is the bundled text again.
    stored = {};
    await bus.publish(makeEvent(translationsSaved, { lang: 'ru', version: 3 }));
    await eventually(() => t('ru', 'trades.expired'), EXPIRED_RU);
  });

  it('keep the last answer while the admin service is down, and re-read on the timer', async () => {
    const bus = createMemoryBus();
    let answer: () => Record<string, Record<string, unknown>> = () => ({
      ru: { trades: { expired: 'Первый' } },
    });
    const served = bus.serve(i18nServerTexts, async () => ({ languages: answer() }));
    stops.push(() => served.stop());
    const texts = await startServerTexts({ bus, logger, revalidateMs: 50 });
    stops.push(() => texts.stop());
    await eventually(() => t('ru', 'trades.expired'), 'Первый');

    answer = () => {
      throw new UnavailableError('admin is down');
    };
    await texts.refresh();
    expect(t('ru', 'trades.expired')).toBe('Первый');

    // No event: the timer finds the change.
    answer = () => ({ ru: { trades: { expired: 'Второй' } } });
    await eventually(() => t('ru', 'trades.expired'), 'Второй');
  });

  it('say the bundled texts in a process that never reached the admin service', async () => {
    const bus = createMemoryBus();
    const texts = await startServerTexts({ bus, logger, revalidateMs: 3_600_000 });
    stops.push(() => texts.stop());
    await texts.refresh();
    expect(t('ru', 'trades.expired')).toBe(EXPIRED_RU);
  });

  it('run once per bus however many services start on it, until the last one stops', async () => {
    const bus = createMemoryBus();
    let asked = 0;
    const served = bus.serve(i18nServerTexts, async () => {
      asked++;
      return { languages: {} };
    });
    stops.push(() => served.stop());
    const first = await startServerTexts({ bus, logger, revalidateMs: 3_600_000 });
    const second = await startServerTexts({ bus, logger, revalidateMs: 3_600_000 });
    expect(second).toBe(first);
    await first.refresh();
    const before = asked;
    await bus.publish(makeEvent(translationsSaved, { lang: 'ru', version: 1 }));
    for (let i = 0; i < 50 && asked === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBe(before + 1);

    await first.stop();
    await bus.publish(makeEvent(translationsSaved, { lang: 'ru', version: 2 }));
    for (let i = 0; i < 50 && asked === before + 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBe(before + 2);

    await second.stop();
    await bus.publish(makeEvent(translationsSaved, { lang: 'ru', version: 3 }));
    await new Promise((r) => setTimeout(r, 200));
    expect(asked).toBe(before + 2);
  });
});
