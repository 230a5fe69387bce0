import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { invalidateRoutes, useRoute } from '../../api/query';
import { collectorPath } from '../../app/screens';

/**
 * The profile's link to the fan's own collector page and the setting that hides their
 * collection from other fans (rules §57). A failed save says so and leaves the box as it was.
 */
export function CollectionVisibility({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useRoute('GET /api/inventory/visibility', undefined);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const change = async (hidden: boolean) => {
    setSaving(true);
    setFailed(false);
    try {
      await request('PUT /api/inventory/visibility', { body: { hidden } });
      await invalidateRoutes(client, ['GET /api/inventory/visibility', 'GET /api/collectors/:id']);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="collection-visibility">
      <a href={collectorPath(userId)}>{t('profile.myPage')}</a>
      <label className="toggle">
        <input
          type="checkbox"
          checked={query.data?.hidden ?? false}
          disabled={query.data === undefined || saving}
          onChange={(e) => void change(e.target.checked)}
        />
        {t('profile.visibility')}
      </label>
      {failed && (
        <span className="error-text" role="alert">
          {t('profile.visibilityError')}
        </span>
      )}
    </div>
  );
}
