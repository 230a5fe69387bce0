import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { invalidateRoutes, useRoute } from '../../api/query';
import { loadErrorText } from '../../components/LoadError';
import { useNotify } from '../../components/Notify';

/** The reads a change of the wishlist changes. */
export const WISHLIST_READS = ['GET /api/wishlist', 'GET /api/collectors/:id/wishlist'] as const;

/**
 * The character modal's "wish" toggle (rules §67): pressed while the character is on the
 * caller's wishlist. A save says so in a message; a refusal (the list is full) shows the
 * server's own words, in the page's language.
 */
export function WishToggle({ characterId, name }: { characterId: number; name: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const notify = useNotify();
  const list = useRoute('GET /api/wishlist', undefined);
  const [saving, setSaving] = useState(false);
  const wished = list.data?.items.some((i) => i.characterId === characterId) ?? false;
  const toggle = async () => {
    setSaving(true);
    try {
      const input = { params: { characterId } };
      if (wished) await request('DELETE /api/wishlist/:characterId', input);
      else await request('PUT /api/wishlist/:characterId', { ...input, body: {} });
      await invalidateRoutes(client, WISHLIST_READS);
      notify.success(t(wished ? 'wishlist.removed' : 'wishlist.added', { name }));
    } catch (err) {
      notify.error(loadErrorText(t, err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <button
      type="button"
      className={`button button--ghost wish-toggle${wished ? ' wish-toggle--on' : ''}`}
      aria-pressed={wished}
      disabled={list.isPending || saving}
      aria-busy={saving}
      onClick={() => void toggle()}
    >
      <span aria-hidden="true">{wished ? '★' : '☆'}</span>{' '}
      {wished ? t('wishlist.wished') : t('wishlist.wish')}
    </button>
  );
}
