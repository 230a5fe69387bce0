import { createContext, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLikes, postLike } from '../api/catalogue';
import { HttpError } from '../api/http';

/**
 * The cards liked during this page view (spec 1 §4: each card can be liked once per page view).
 * A screen provides one set; the like buttons of every modal and tab it opens share it.
 */
export const LikedCardsContext = createContext<Set<number> | null>(null);

/** Spec 1 §8 (verbatim in the ru interface, English in en): keys under `likes.` in the locale files. */
type LikeMessage = 'loadFailed' | 'refused' | 'network';

/**
 * Like button (spec 1 §4, §8): loads the count when shown, disabled while loading and once
 * liked; a successful like raises the shown count by one locally.
 */
export function LikeButton({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const likedCards = useContext(LikedCardsContext);
  const [likes, setLikes] = useState<number | null>(null);
  const [liked, setLiked] = useState(() => likedCards?.has(cardId) ?? false);
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState<LikeMessage | null>(null);

  useEffect(() => {
    let live = true;
    getLikes(cardId).then(
      (r) => {
        if (!live) return;
        setLikes(r.likes);
        // Liked before (another visit): the server says so, and it stays liked.
        if (r.liked === true) setLiked(true);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setMessage('loadFailed');
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [cardId]);

  const like = async () => {
    setLoading(true);
    setMessage(null);
    try {
      const r = await postLike(cardId);
      if (r.success) {
        // The count rises by one locally; without a loaded count, the server's is the best guess.
        setLikes((n) => (n === null ? (r.likes ?? 1) : n + 1));
        setLiked(true);
        likedCards?.add(cardId);
      } else setMessage('refused');
    } catch (err) {
      // The server refusing (a repeat like: 409 with success false) is not a network error.
      const refused =
        err instanceof HttpError && (err.body as { success?: unknown } | undefined)?.success === false;
      setMessage(refused ? 'refused' : 'network');
    } finally {
      setLoading(false);
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
        aria-label={t('likes.label', { count: likes ?? 0 })}
      >
        <span aria-hidden="true">{liked ? '♥' : '♡'}</span>{' '}
        <span className="like__count">{likes ?? (loading ? '…' : '–')}</span>
      </button>
      {message && (
        <span className="like__error" role="alert">
          {t(`likes.${message}`)}
        </span>
      )}
    </div>
  );
}
