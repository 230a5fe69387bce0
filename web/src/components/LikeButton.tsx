import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../api/client';
import { HttpError } from '../api/http';
import { routeQuery, useRoute } from '../api/query';

/**
 * The cards liked during this page view (requirements M4: each card can be liked once per page view).
 * A screen provides one set; the like buttons of every modal and tab it opens share it.
 */
export const LikedCardsContext = createContext<Set<number> | null>(null);

/** Requirements M8 (verbatim in the ru interface, English in en): keys under `likes.` in the locale files. */
type LikeMessage = 'loadFailed' | 'refused' | 'network';

/**
 * Like button (requirements M4, M8): loads the count when shown, disabled while loading and once
 * liked; a successful like raises the shown count by one locally.
 */
export function LikeButton({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const likedCards = useContext(LikedCardsContext);
  const client = useQueryClient();
  const input = { params: { cardId } };
  // Read again whenever a card is shown anew (gcTime 0: nothing kept once no button shows it).
  const count = useRoute('GET /api/cards/:cardId/likes', input, { gcTime: 0 });
  const [likedHere, setLikedHere] = useState(() => likedCards?.has(cardId) ?? false);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<LikeMessage | null>(null);
  const likes = count.data?.likes ?? null;
  // Liked before (another visit): the server says so, and it stays liked.
  const liked = likedHere || count.data?.liked === true;
  const loading = sending || count.isPending;
  const shown: LikeMessage | null = message ?? (count.isError && likes === null ? 'loadFailed' : null);

  const like = async () => {
    setSending(true);
    setMessage(null);
    try {
      const r = await request('POST /api/cards/:cardId/like', { ...input, body: {} });
      if (r.success) {
        // The count rises by one locally; without a loaded count, the server's is the best guess.
        client.setQueryData(routeQuery('GET /api/cards/:cardId/likes', input).queryKey, (old) => ({
          ...old,
          likes: old ? old.likes + 1 : (r.likes ?? 1),
          liked: true,
        }));
        setLikedHere(true);
        likedCards?.add(cardId);
      } else setMessage('refused');
    } catch (err) {
      // The server refusing (a repeat like: 409 with success false) is not a network error.
      const refused =
        err instanceof HttpError && (err.body as { success?: unknown } | undefined)?.success === false;
      setMessage(refused ? 'refused' : 'network');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="like">
      <button
        type="button"
        className={`like__button${liked ? ' like__button--liked' : ''}`}
        onClick={like}
        disabled={loading || liked}
        aria-pressed={liked}
      >
        {/* The name is the visible count after a hidden word (axe: label-content-name-mismatch). */}
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span>{' '}
        <span className="visually-hidden">{t('likes.name')}</span>{' '}
        <span className="like__count">{likes ?? (loading ? '…' : '–')}</span>
      </button>
      {shown && (
        <span className="like__error" role="alert">
          {t(`likes.${shown}`)}
        </span>
      )}
    </div>
  );
}

/** "12 printed": how many copies of the card exist (read with the likes, one request per card). */
export function PrintedCount({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const count = useRoute('GET /api/cards/:cardId/likes', { params: { cardId } }, { gcTime: 0 });
  const printed = count.data?.printed;
  return printed === undefined ? null : (
    <span className="printed">{t('cards.printed', { count: printed })}</span>
  );
}
