import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLikes, postLike } from '../api/catalogue';
import { HttpError } from '../api/http';

/**
 * Like button (spec 1 §4, §8): loads the count, disabled while loading and once liked; a
 * successful like raises the shown count by one locally. One like per card per page view.
 */
export function LikeButton({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const [likes, setLikes] = useState<number | null>(null);
  const [liked, setLiked] = useState(false);
  const [loading, setLoading] = useState(true);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getLikes(cardId).then(
      (r) => {
        if (!live) return;
        setLikes(r.likes);
        setLiked(r.liked === true);
        setLoading(false);
      },
      () => {
        if (!live) return;
        setMessage('Ошибка загрузки лайков');
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
        setLikes((n) => (n ?? 0) + 1);
        setLiked(true);
      } else setMessage('Не удалось поставить лайк');
    } catch (err) {
      const refused =
        err instanceof HttpError && (err.body as { success?: boolean } | undefined)?.success === false;
      setMessage(refused ? 'Не удалось поставить лайк' : 'Ошибка сети');
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
        <span className="like__count">{likes ?? '…'}</span>
      </button>
      {message && (
        <span className="like__error" role="alert">
          {message}
        </span>
      )}
    </div>
  );
}
