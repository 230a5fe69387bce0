import { DEADLETTER_SUBJECT_PREFIX, EVENTS_STREAM, eventSubject } from '@acg/contracts';
import {
  DiscardPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { DUPLICATE_WINDOW_MS, deadLetterSubject } from './delivery';

/**
 * Stream and subject names. Production uses EVENTS on `events.>` and DEADLETTER on
 * `deadletter.>`; tests pass prefixes so runs against one shared server stay apart.
 */
export interface NatsNames {
  eventsStream: string;
  deadLetterStream: string;
  eventSubject(type: string): string;
  eventsWildcard: string;
  deadLetterSubject(durable: string): string;
  deadLetterWildcard: string;
}

export function natsNames(streamPrefix = '', subjectPrefix = ''): NatsNames {
  return {
    eventsStream: `${streamPrefix}${EVENTS_STREAM}`,
    deadLetterStream: `${streamPrefix}DEADLETTER`,
    eventSubject: (type) => `${subjectPrefix}${eventSubject(type)}`,
    eventsWildcard: `${subjectPrefix}${eventSubject('>')}`,
    deadLetterSubject: (durable) => `${subjectPrefix}${deadLetterSubject(durable)}`,
    deadLetterWildcard: `${subjectPrefix}${DEADLETTER_SUBJECT_PREFIX}>`,
  };
}

const isApiError = (err: unknown, code: number) => err instanceof JetStreamApiError && err.code === code;

/**
 * Creates the stream, or brings an existing one to our subjects and duplicate window.
 * Explicit at start-up so nothing depends on a stream someone made by hand; a second
 * process racing to create it ends up updating the same config.
 */
async function ensureStream(jsm: JetStreamManager, name: string, subjects: string[]): Promise<void> {
  const duplicateWindow = nanos(DUPLICATE_WINDOW_MS);
  for (let attempt = 0; ; attempt++) {
    try {
      const info = await jsm.streams.info(name);
      const same =
        info.config.duplicate_window === duplicateWindow &&
        info.config.subjects.length === subjects.length &&
        subjects.every((s) => info.config.subjects.includes(s));
      if (!same)
        await jsm.streams.update(name, { ...info.config, subjects, duplicate_window: duplicateWindow });
      return;
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.StreamNotFound) || attempt > 0) throw err;
    }
    try {
      await jsm.streams.add({
        name,
        subjects,
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        discard: DiscardPolicy.Old,
        duplicate_window: duplicateWindow,
      });
      return;
    } catch (err) {
      // Someone else created it between our info and add: loop once more to check its config.
      if (attempt > 0) throw err;
    }
  }
}

export async function ensureStreams(jsm: JetStreamManager, names: NatsNames): Promise<void> {
  await ensureStream(jsm, names.eventsStream, [names.eventsWildcard]);
  await ensureStream(jsm, names.deadLetterStream, [names.deadLetterWildcard]);
}

export const isConsumerNotFound = (err: unknown) => isApiError(err, JetStreamApiCodes.ConsumerNotFound);
