import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRoute } from '../api/query';
import { useSession } from '../app/session';
import { LIVE_TYPES, type LiveMessage, useLive } from './live';

/** How long a notice other than an offer stays on screen. */
export const NOTICE_MS = 8000;
/** At most this many notices at once; a new one pushes out the oldest. */
const MAX_NOTICES = 3;

type NoticeKind =
  | 'offer'
  | 'accepted'
  | 'declined'
  | 'cancelled'
  | 'expired'
  | 'drop'
  | 'wishDrop'
  | 'wishTrade';
interface Notice {
  key: number;
  kind: NoticeKind;
  /** When it appeared (Date.now()). */
  at: number;
  /** The offer's trade id: an offer notice stays while that trade is pending. */
  tradeId?: number;
  /** A wish alert's character, named in the page's language. */
  name?: string;
}

/** Trade events that end a pending trade, whoever acted (the user, in any tab, or the bot). */
const SETTLED = new Set(['trade.accepted', 'trade.declined', 'trade.cancelled', 'trade.expired']);

/**
 * What a live message tells this user, if anything: the other party's move on a trade (never
 * the user's own), or a card the bot dropped to them.
 */
export function noticeOf(message: LiveMessage, me: number): NoticeKind | undefined {
  const { fromUserId, toUserId, source } = message.data;
  switch (message.type) {
    case 'trade.created':
      return toUserId === me ? 'offer' : undefined;
    case 'trade.accepted':
    case 'trade.declined':
      return fromUserId === me ? (message.type === 'trade.accepted' ? 'accepted' : 'declined') : undefined;
    case 'trade.cancelled':
      return toUserId === me ? 'cancelled' : undefined;
    case 'trade.expired':
      return 'expired';
    case 'inventory.granted':
      return source === 'drop' ? 'drop' : undefined;
    case 'wish.alerted':
      return message.data.reason === 'trade' ? 'wishTrade' : 'wishDrop';
    default:
      return undefined;
  }
}

/** A wish alert's character name in `language`, else its primary name. */
export function wishNameOf(message: LiveMessage, language: string): string {
  const { characterNames, characterName } = message.data;
  const names = (characterNames ?? {}) as Record<string, unknown>;
  const own = names[language];
  if (typeof own === 'string' && own) return own;
  return typeof characterName === 'string' ? characterName : '';
}

const tradeIdOf = (message: LiveMessage): number | undefined =>
  typeof message.data.tradeId === 'number' ? message.data.tradeId : undefined;

/**
 * The notices the user sees, from the live messages: each move of the other party and each drop
 * for NOTICE_MS; an incoming offer until it is no longer pending: a trade event that settles it
 * (accepted, declined, cancelled or expired, also when the user settled it in another tab or
 * through the bot), or, after a reconnect that may have missed that event (`resync`), the pending
 * trades read again without it.
 */
function useNotices(me: number | undefined, language: string) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const pending = useRoute(
    'GET /trade/api/my',
    { query: { status: 'pending' } },
    { enabled: me !== undefined },
  );
  // Set by a resync: the next answer of the pending trades is its re-read (a read in flight is
  // cancelled first), which lists every offer still pending that appeared up to then.
  const resyncAt = useRef<number | null>(null);
  useLive(LIVE_TYPES, (message) => {
    if (me === undefined) return;
    if (message.type === 'resync') resyncAt.current = Date.now();
    const tradeId = tradeIdOf(message);
    const settled = SETTLED.has(message.type) && tradeId !== undefined;
    const kind = noticeOf(message, me);
    setNotices((list) => {
      const kept = settled ? list.filter((n) => !(n.kind === 'offer' && n.tradeId === tradeId)) : list;
      if (!kind) return kept;
      const at = Date.now();
      const notice: Notice = {
        key: at + Math.random(),
        kind,
        at,
        ...(kind === 'offer' ? { tradeId } : {}),
        ...(kind === 'wishDrop' || kind === 'wishTrade' ? { name: wishNameOf(message, language) } : {}),
      };
      return [...kept.slice(-(MAX_NOTICES - 1)), notice];
    });
  });
  // The pending list re-read after a resync, without an offer shown since before it: settled.
  const { data, dataUpdatedAt } = pending;
  useEffect(() => {
    const since = resyncAt.current;
    if (since === null || !Array.isArray(data) || dataUpdatedAt === 0) return;
    resyncAt.current = null;
    const open = new Set(data.filter((t) => t.status === 'pending').map((t) => t.id));
    setNotices((list) => {
      const kept = list.filter(
        (n) => n.kind !== 'offer' || n.tradeId === undefined || n.at > since || open.has(n.tradeId),
      );
      return kept.length === list.length ? list : kept;
    });
  }, [data, dataUpdatedAt]);
  // Every other notice goes after NOTICE_MS.
  useEffect(() => {
    const timed = notices.filter((n) => n.kind !== 'offer');
    if (timed.length === 0) return;
    const first = Math.min(...timed.map((n) => n.at));
    const timer = setTimeout(
      () => setNotices((list) => list.filter((n) => n.kind === 'offer' || n.at > first)),
      Math.max(0, first + NOTICE_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [notices]);
  const dismiss = (key: number) => setNotices((list) => list.filter((n) => n.key !== key));
  return { notices, dismiss };
}

/** Where a notice leads: the profile for a drop, its wishlist tab for a wished drop, else the trades. */
function NoticeLink({ kind }: { kind: NoticeKind }) {
  const { t } = useTranslation();
  if (kind === 'drop') return <Link to="/profile">{t('live.openProfile')}</Link>;
  if (kind === 'wishDrop') return <Link to="/profile?tab=wishlist">{t('live.openWishlist')}</Link>;
  return <Link to="/trade">{t('live.openTrades')}</Link>;
}

/** The live notices under the navigation: a polite live region. */
export function LiveNotices() {
  const { t } = useTranslation();
  const { user, language } = useSession();
  const { notices, dismiss } = useNotices(user?.id, language);
  return (
    <div className="live-notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.key} className="live-notice" data-kind={notice.kind} data-trade-id={notice.tradeId}>
          <span>{t(`live.${notice.kind}`, { name: notice.name })}</span> <NoticeLink kind={notice.kind} />
          {notice.kind === 'offer' && (
            <button
              type="button"
              className="live-notice__close"
              aria-label={t('live.dismiss')}
              onClick={() => dismiss(notice.key)}
            >
              ×
            </button>
          )}
        </p>
      ))}
    </div>
  );
}
