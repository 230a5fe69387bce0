import type { AdminInventoryItem } from '@acg/contracts';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardImageUrl } from '../../../../api/images';
import { memberName } from '../../../../api/member-name';
import { useRoute } from '../../../../api/query';
import { LoadedImage } from '../../../../components/LoadedImage';
import { Modal } from '../../../../components/Modal';
import { Tabs } from '../../../../components/Tabs';
import { formatDateTime } from '../../../../i18n/formats';
import { levelKey } from '../../levels';
import { Avatar, CopyButton } from './shared';
import { UserTradesSlot } from './UserTradesSlot';

type Tab = 'trades' | 'inventory' | 'complaints';
const NO_ITEMS: AdminInventoryItem[] = [];

/** Inventory search: character or rank name, trimmed and case-insensitive (requirements O5). */
type Searchable = { Card: { Character: { name: string }; Rank: { name: string } } };
export function filterInventory<T extends Searchable = AdminInventoryItem>(items: T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return items;
  return items.filter(
    (i) =>
      i.Card.Character.name.toLowerCase().includes(needle) || i.Card.Rank.name.toLowerCase().includes(needle),
  );
}

/** The user details modal (requirements O2.2): side panel and three tabs, trades first. */
export function UserModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const read = useRoute('GET /admin/users/:id', { params: { id: userId } });
  const user = read.data ?? null;
  const failed = read.isError && !user;
  const [tab, setTab] = useState<Tab>('trades');
  const [search, setSearch] = useState('');

  return (
    <Modal labelledBy={titleId} onClose={onClose} closeLabel={t('adminUsers.modal.close')}>
      {failed ? (
        <div className="admin-modal__state">
          <p id={titleId} role="alert">
            {t('adminUsers.modal.error')}
          </p>
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('adminUsers.modal.close')}
          </button>
        </div>
      ) : !user ? (
        <p id={titleId} className="admin-modal__state" role="status">
          {t('adminUsers.modal.loading')}
        </p>
      ) : (
        <div className="admin-user-modal">
          <aside className="admin-user-modal__side">
            <Avatar discordId={user.discordId} hash={user.avatar} size={64} alt="" />
            <h2 id={titleId}>{memberName(user)}</h2>
            <p className="admin-user-modal__discord">
              <span className="admin-mono">{user.discordId}</span>
              <CopyButton
                text={user.discordId}
                label={t('adminUsers.copyDiscordId', { id: user.discordId })}
              />
            </p>
            <p>{t('adminUsers.modal.levelLine', { level: t(levelKey(user.adminLevel)) })}</p>
          </aside>
          <div className="admin-user-modal__main">
            <Tabs
              label={t('adminUsers.modal.tabs')}
              tabs={[
                { id: 'trades', title: t('adminUsers.modal.trades') },
                { id: 'inventory', title: t('adminUsers.modal.inventory') },
                { id: 'complaints', title: t('adminUsers.modal.complaints') },
              ]}
              selected={tab}
              onSelect={(next) => {
                setTab(next);
                // Each tab has its own search; switching clears it (requirements O2.2).
                setSearch('');
              }}
            >
              {tab === 'complaints' ? (
                <ComplaintsPlaceholder />
              ) : (
                <>
                  <label className="admin-field">
                    <span className="admin-field__label">{t('adminUsers.modal.search')}</span>
                    <input
                      type="search"
                      value={search}
                      placeholder={
                        tab === 'trades'
                          ? t('adminUsers.modal.tradesSearch')
                          : t('adminUsers.modal.inventorySearch')
                      }
                      onChange={(e) => setSearch(e.target.value)}
                    />
                  </label>
                  {tab === 'trades' ? (
                    <UserTradesSlot userId={user.id} search={search} />
                  ) : (
                    <InventoryTab userId={user.id} search={search} />
                  )}
                </>
              )}
            </Tabs>
          </div>
        </div>
      )}
    </Modal>
  );
}

function InventoryTab({ userId, search }: { userId: number; search: string }) {
  const { t, i18n } = useTranslation();
  const read = useRoute('GET /admin/users/:id/inventory', { params: { id: userId } });
  // Requirements O8: a failure is logged only; the tab stays empty.
  useEffect(() => {
    if (read.error) console.error('user inventory failed to load', read.error);
  }, [read.error]);
  const items = read.data ?? (read.isError ? NO_ITEMS : null);
  const shown = useMemo(() => filterInventory(items ?? [], search), [items, search]);
  if (items === null) return <p role="status">{t('adminUsers.modal.loading')}</p>;
  return (
    <>
      <p className="admin-found">{t('adminUsers.modal.found', { count: shown.length })}</p>
      {shown.length === 0 ? (
        <p className="admin-empty">{t('adminUsers.modal.inventoryEmpty')}</p>
      ) : (
        <ul className="admin-inventory">
          {shown.map((item) => (
            <li key={item.id} className="admin-inventory__item">
              <LoadedImage
                className="admin-inventory__image"
                src={item.Card.imageUrl ?? cardImageUrl(item.Card.id, { lang: i18n.language })}
                alt={item.Card.Character.name}
                errorText={t('images.card')}
                width={48}
                height={68}
              />
              <div>
                <strong>{item.Card.Character.name}</strong>
                <span
                  className="admin-inventory__rank"
                  style={item.Card.Rank.color ? { color: item.Card.Rank.color } : undefined}
                >
                  {item.Card.Rank.name}
                </span>
                <span>{t('adminUsers.modal.quantity', { count: item.quantity })}</span>
                <span className="admin-muted">
                  {t('adminUsers.modal.obtained', { date: formatDateTime(i18n.language, item.obtainedAt) })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Requirements O2.2: a marked placeholder listing what will appear. */
function ComplaintsPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="admin-placeholder" data-placeholder="complaints">
      <p>
        <strong>{t('adminUsers.modal.complaintsTitle')}</strong>
      </p>
      <p>{t('adminUsers.modal.complaintsIntro')}</p>
      <ul>
        <li>{t('adminUsers.modal.complaintsAgainst')}</li>
        <li>{t('adminUsers.modal.complaintsFrom')}</li>
        <li>{t('adminUsers.modal.moderationHistory')}</li>
      </ul>
    </div>
  );
}
