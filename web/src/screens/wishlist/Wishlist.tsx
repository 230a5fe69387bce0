import type { WishItem } from '@acg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { cardImageUrl } from '../../api/images';
import { invalidateRoutes, useRoute } from '../../api/query';
import { LoadError, loadErrorText } from '../../components/LoadError';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { useNotify } from '../../components/Notify';
import { WISHLIST_READS } from './WishToggle';

/** The picture of a wished character: its card as the image service draws it, else its own image. */
const pictureOf = (item: WishItem) => (item.cardId !== undefined ? cardImageUrl(item.cardId) : item.imageUrl);

/** Wished characters as small tiles; `onRemove` adds a remove button to each (the owner's list). */
export function WishTiles({
  items,
  onRemove,
  removing,
}: {
  items: WishItem[];
  onRemove?: (item: WishItem) => void;
  removing?: number | null;
}) {
  const { t } = useTranslation();
  return (
    <ul className="tile-grid tile-grid--cards wishlist__items">
      {items.map((item) => (
        <li key={item.characterId} className="wish-tile" data-character-id={item.characterId}>
          <LoadedImage
            src={pictureOf(item)}
            fallback={fallbackAvatar(item.name)}
            alt={t('wishlist.pictureAlt', { name: item.name })}
            width={144}
            height={216}
            timeoutMs={IMAGE_TIMEOUT_MS.card}
          />
          <p className="wish-tile__name">{item.name}</p>
          {item.animeTitle && <p className="wish-tile__anime">{item.animeTitle}</p>}
          {onRemove && (
            <button
              type="button"
              className="button button--ghost wish-tile__remove"
              disabled={removing === item.characterId}
              onClick={() => onRemove(item)}
            >
              {t('wishlist.remove')}
              <span className="visually-hidden"> {item.name}</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The profile's wishlist tab: the fan's wishes with remove buttons, the count and the DM setting. */
export function MyWishlist() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const notify = useNotify();
  const query = useRoute('GET /api/wishlist', undefined);
  const [removing, setRemoving] = useState<number | null>(null);
  const remove = async (item: WishItem) => {
    setRemoving(item.characterId);
    try {
      await request('DELETE /api/wishlist/:characterId', { params: { characterId: item.characterId } });
      await invalidateRoutes(client, WISHLIST_READS);
      notify.success(t('wishlist.removed', { name: item.name }));
    } catch (err) {
      notify.error(loadErrorText(t, err));
    } finally {
      setRemoving(null);
    }
  };
  if (query.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (!query.data)
    return (
      <LoadError error={query.error} message={t('wishlist.loadError')} onRetry={() => void query.refetch()} />
    );
  const { items, limit, dm } = query.data;
  return (
    <section className="wishlist" aria-labelledby="wishlist-title">
      <h2 id="wishlist-title">{t('wishlist.title')}</h2>
      <p className="wishlist__count">{t('wishlist.count', { count: items.length, limit })}</p>
      <WishDmSetting dm={dm} />
      {items.length === 0 ? (
        <p className="empty">{t('wishlist.empty')}</p>
      ) : (
        <WishTiles items={items} onRemove={(item) => void remove(item)} removing={removing} />
      )}
    </section>
  );
}

/** "Tell me in Discord too": off mutes the wish DMs; the site's notices stay. */
function WishDmSetting({ dm }: { dm: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const notify = useNotify();
  const [saving, setSaving] = useState(false);
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await request('PUT /api/wishlist/settings', { body: { dm: next } });
      await invalidateRoutes(client, ['GET /api/wishlist']);
      notify.success(t(next ? 'wishlist.dmOn' : 'wishlist.dmOff'));
    } catch (err) {
      notify.error(loadErrorText(t, err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <label className="toggle wishlist__dm">
      <input type="checkbox" checked={dm} disabled={saving} onChange={(e) => void change(e.target.checked)} />
      {t('wishlist.dm')}
    </label>
  );
}

/** A collector's wishlist on /u/{id} (empty while their collection is hidden from the caller). */
export function CollectorWishlist({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const query = useRoute('GET /api/collectors/:id/wishlist', { params: { id: userId } });
  return (
    <section className="wishlist" aria-labelledby="collector-wishlist">
      <h2 id="collector-wishlist">{t('wishlist.collectorTitle')}</h2>
      {query.isPending ? (
        <p className="loading">{t('common.loading')}</p>
      ) : !query.data ? (
        <LoadError
          error={query.error}
          message={t('wishlist.loadError')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <p className="empty">{t('wishlist.collectorEmpty')}</p>
      ) : (
        <WishTiles items={query.data.items} />
      )}
    </section>
  );
}
