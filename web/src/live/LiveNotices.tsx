import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../app/session';
import { LIVE_TYPES, type LiveMessage, useLive } from './live';

/** How long a notice stays on screen. */
export const NOTICE_MS = 8000;

type NoticeKind = 'offer' | 'accepted' | 'declined' | 'cancelled' | 'expired' | 'drop';
interface Notice {
  key: number;
  kind: NoticeKind;
}

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
    default:
      return undefined;
  }
}

/** The live notices under the navigation: a polite live region, each notice for NOTICE_MS. */
export function LiveNotices() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [notices, setNotices] = useState<Notice[]>([]);
  useLive(LIVE_TYPES, (message) => {
    if (!user) return;
    const kind = noticeOf(message, user.id);
    if (kind) setNotices((list) => [...list.slice(-2), { key: Date.now() + Math.random(), kind }]);
  });
  useEffect(() => {
    if (notices.length === 0) return;
    const timer = setTimeout(() => setNotices((list) => list.slice(1)), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notices]);
  return (
    <div className="live-notices" role="status" aria-live="polite">
      {notices.map((notice) => (
        <p key={notice.key} className="live-notice" data-kind={notice.kind}>
          <span>{t(`live.${notice.kind}`)}</span>{' '}
          <Link to={notice.kind === 'drop' ? '/profile' : '/trade'}>
            {notice.kind === 'drop' ? t('live.openProfile') : t('live.openTrades')}
          </Link>
        </p>
      ))}
    </div>
  );
}
