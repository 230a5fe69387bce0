import { i18nServerTexts, translationsSaved } from '@acg/contracts';
import { replaceServerOverrides } from '@acg/i18n/server';
import type { Bus, Subscription } from '../bus/types';
import type { Logger } from '../logger';

/** How often a process re-reads the texts without hearing a save (a lost event heals by then). */
export const SERVER_TEXTS_REVALIDATE_MS = 60_000;

export interface ServerTextsOptions {
  bus: Bus;
  logger: Logger;
  revalidateMs?: number;
  timeoutMs?: number;
}

export interface ServerTexts {
  /** Asks the admin service now (what a heard save does); resolves when the answer is applied. */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

interface Running {
  users: number;
  texts: ServerTexts;
  stopAll: () => Promise<void>;
}
/** One reader per bus in a process (the embedded runner's services share theirs). */
const running = new Map<Bus, Running>();

/**
 * Keeps this process's server texts (@acg/i18n) in step with the administrators' edits
 * (rules §49): asks the admin service (`admin.i18n.server-texts`) at start, again whenever a
 * `translations.saved` event is heard, and every `revalidateMs`. When the admin service does not
 * answer, the last answer stays; a process that never had one says the bundled texts.
 */
export async function startServerTexts(opts: ServerTextsOptions): Promise<ServerTexts> {
  const known = running.get(opts.bus);
  if (known) {
    known.users++;
    return known.texts;
  }
  const { bus, logger } = opts;
  let inFlight: Promise<void> | undefined;
  let again = false;

  const fetchOnce = async () => {
    try {
      const { languages } = await bus.request(i18nServerTexts, {}, { timeoutMs: opts.timeoutMs });
      replaceServerOverrides(languages);
    } catch (err) {
      logger.debug({ err }, 'server texts unavailable; keeping the last known or bundled texts');
    }
  };
  // A save heard while a request is out may not be in its answer: ask once more after it.
  const refresh = (): Promise<void> => {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        await fetchOnce();
      } while (again);
    })().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const listener: Subscription = await bus.listen({
    types: [translationsSaved.type],
    handler: () => void refresh(),
  });
  const timer = setInterval(() => void refresh(), opts.revalidateMs ?? SERVER_TEXTS_REVALIDATE_MS);
  timer.unref();
  void refresh();

  const entry: Running = {
    users: 1,
    texts: {
      refresh,
      stop: async () => {
        if (--entry.users > 0) return;
        await entry.stopAll();
      },
    },
    stopAll: async () => {
      running.delete(bus);
      clearInterval(timer);
      await listener.stop();
      await inFlight;
    },
  };
  running.set(bus, entry);
  return entry.texts;
}
