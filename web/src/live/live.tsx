import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { useSession } from '../app/session';

/**
 * The page's side of the live event stream (docs/rules.md §35): one EventSource per tab while a
 * user is signed in, shared by every component through useLive. Components re-read what they
 * show when told: an event about them, or `resync` (a first connection, or a reconnect after
 * events this page may have missed).
 */
export const LIVE_TYPES = [
  'trade.created',
  'trade.accepted',
  'trade.declined',
  'trade.cancelled',
  'trade.expired',
  'inventory.granted',
  'wish.alerted',
  'news.created',
  'news.updated',
  'news.deleted',
] as const;
export type LiveType = (typeof LIVE_TYPES)[number] | 'resync';
export interface LiveMessage {
  type: LiveType;
  data: Record<string, unknown>;
}
type Listener = (message: LiveMessage) => void;

export class LiveChannel {
  private readonly listeners = new Set<Listener>();
  private source: EventSource | undefined;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(message: LiveMessage): void {
    for (const listener of [...this.listeners]) listener(message);
  }

  /**
   * Opens the stream; returns what closes it. The browser reconnects a dropped stream by itself;
   * a refused one (the gateway answered 503, or the stream could not open) is tried again here
   * after 5 s, doubling to at most 60 s. After `closed` with `signed-out` or `replaced` it stays
   * shut: reconnecting would only be refused or bounce between tabs.
   */
  connect(url = '/api/events'): () => void {
    if (typeof EventSource === 'undefined') return () => {};
    let stopped = false;
    let retryMs = RETRY_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mark = (state: string) => {
      document.documentElement.dataset.live = state;
    };
    const open = () => {
      const source = new EventSource(url);
      this.source = source;
      source.addEventListener('open', () => mark('open'));
      source.addEventListener('error', () => {
        if (source.readyState !== EventSource.CLOSED) {
          mark('reconnecting');
          return;
        }
        mark('closed');
        if (stopped) return;
        timer = setTimeout(open, retryMs);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      });
      source.addEventListener('ready', (e) => {
        mark('open');
        retryMs = RETRY_FIRST_MS;
        const data = parse((e as MessageEvent).data);
        if (data.resync === true) this.emit({ type: 'resync', data });
      });
      source.addEventListener('closed', (e) => {
        const { reason } = parse((e as MessageEvent).data);
        if (reason === 'signed-out' || reason === 'replaced') {
          stopped = true;
          source.close();
          mark('closed');
        }
      });
      for (const type of LIVE_TYPES) {
        source.addEventListener(type, (e) => this.emit({ type, data: parse((e as MessageEvent).data) }));
      }
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      this.source?.close();
      this.source = undefined;
      mark('closed');
    };
  }
}

/** Retry delays of a refused stream. */
export const RETRY_FIRST_MS = 5000;
export const RETRY_MAX_MS = 60_000;

const parse = (text: unknown): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(String(text));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const LiveContext = createContext<LiveChannel | null>(null);

/** Holds the page's one stream: open while a user is signed in, in the browser only. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [channel] = useState(() => new LiveChannel());
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) return;
    return channel.connect();
  }, [channel, userId]);
  return <LiveContext value={channel}>{children}</LiveContext>;
}

/**
 * Calls `onMessage` for each live message whose type is in `types` (and for `resync`, when
 * everything must be re-read). The latest callback is used without re-subscribing.
 */
export function useLive(types: readonly LiveType[], onMessage: (message: LiveMessage) => void): void {
  const channel = useContext(LiveContext);
  const callback = useRef(onMessage);
  callback.current = onMessage;
  const key = types.join(',');
  useEffect(() => {
    if (!channel) return;
    const wanted = new Set(key.split(','));
    return channel.subscribe((message) => {
      if (message.type === 'resync' || wanted.has(message.type)) callback.current(message);
    });
  }, [channel, key]);
}

export const TRADE_TYPES: readonly LiveType[] = LIVE_TYPES.filter((t) => t.startsWith('trade.'));
/** A news item changed: the pages showing news re-read them (sent to every open page). */
export const NEWS_TYPES: readonly LiveType[] = LIVE_TYPES.filter((t) => t.startsWith('news.'));
