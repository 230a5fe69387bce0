import { useTranslation } from 'react-i18next';

/**
 * The trades tab's slot (spec 3 §2.2). The tab itself belongs to the trades section
 * (`UserTradesTab.tsx`, helper trades-web): when it is merged, render it here with {userId}.
 * Until then the slot says the trades arrive with that section.
 */
export function UserTradesSlot({ userId }: { userId: number; search: string }) {
  const { t } = useTranslation();
  return (
    <p className="admin-placeholder" data-placeholder="trades" data-user-id={userId}>
      {t('adminUsers.modal.tradesSoon')}
    </p>
  );
}
