import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { memberName } from '../../api/member-name';
import { invalidateRoutes, useRoute } from '../../api/query';
import { DateTime } from '../../components/DateTime';
import { LoadError } from '../../components/LoadError';
import { Modal } from '../../components/Modal';
import { TRADE_TYPES, useLive } from '../../live/live';

/**
 * The provenance of one inventory entry's copies (the profile's card view): dropped by the bot,
 * given, or traded from one user to another in trade N, oldest first.
 */
export function CardHistory({
  inventoryId,
  name,
  onClose,
}: {
  inventoryId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const client = useQueryClient();
  const query = useRoute('GET /api/inventory/:id/history', { params: { id: inventoryId } });
  useLive(TRADE_TYPES, () => void invalidateRoutes(client, ['GET /api/inventory/:id/history']));
  const history = query.data ?? (query.isError ? 'error' : null);
  return (
    <Modal labelledBy={titleId} onClose={onClose} closeLabel={t('profile.history.close')}>
      <h2 id={titleId}>{t('profile.history.title', { name })}</h2>
      {history === null ? (
        <p className="loading">{t('common.loading')}</p>
      ) : history === 'error' ? (
        <LoadError
          className="error-text"
          error={query.error}
          message={t('profile.history.error')}
          onRetry={() => void query.refetch()}
        />
      ) : history.events.length === 0 ? (
        <p className="empty">{t('profile.history.empty')}</p>
      ) : (
        <ol className="provenance" aria-label={t('profile.history.title', { name })}>
          {history.events.map((event) => {
            const to = memberName(event.toUser);
            const from = event.fromUser ? memberName(event.fromUser) : '?';
            const text =
              event.kind === 'trade'
                ? t('profile.history.trade', { from, to, trade: event.tradeId ?? '?' })
                : event.kind === 'drop'
                  ? t('profile.history.drop', { to })
                  : event.kind === 'admin'
                    ? t('profile.history.admin', { to })
                    : t('profile.history.seed', { to });
            return (
              <li key={event.id} className="provenance__event" data-kind={event.kind}>
                <span>
                  {text}
                  {event.quantity > 1 ? ` ×${event.quantity}` : ''}
                  {event.printNumbers.length > 0
                    ? ` · ${event.printNumbers.map((n) => t('cards.printNumber', { number: n })).join(', ')}`
                    : ''}
                </span>
                <DateTime value={event.occurredAt} />
              </li>
            );
          })}
        </ol>
      )}
    </Modal>
  );
}
