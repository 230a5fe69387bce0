import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateRoutes, useRoute } from '../../api/query';
import { TRADE_TABS, type TradeTab } from '../../api/trades';
import { oneOf, useAddress } from '../../app/address';
import { Tabs } from '../../components/Tabs';
import { outcomeText, type TradeOutcome } from './TradeConfirm';
import { TradeForm } from './TradeForm';
import { TRADE_READS, TradeList } from './TradeList';

/** The trade page (requirements M2 "Trade page"): the create-form toggle and four status tabs. */
export function TradeScreen() {
  const { t } = useTranslation();
  const formId = useId();
  // The status tab lives in the address (?status=accepted): reload and back keep it.
  const address = useAddress();
  const tab = oneOf(address.params, 'status', TRADE_TABS, 'pending');
  const setTab = (id: TradeTab) => address.set({ status: id === 'pending' ? null : id });
  // /trade?to={id} (a collector's "offer a trade"): the form opens with them as the recipient.
  const to = Number(address.params.get('to'));
  const offerTo = Number.isInteger(to) && to > 0 && to <= 2 ** 31 - 1 ? to : null;
  const collectorQuery = useRoute(
    'GET /api/collectors/:id',
    { params: { id: offerTo ?? 0 } },
    { enabled: offerTo !== null },
  );
  // The form waits for the recipient; one that failed to load leaves the search box empty.
  const collector = collectorQuery.data;
  const recipientKnown = offerTo === null || !collectorQuery.isPending;
  const [formOpen, setFormOpen] = useState(offerTo !== null);
  const client = useQueryClient();
  // What the user's last action on a trade did, said in words (until hidden or the next action).
  const [outcome, setOutcome] = useState<string | null>(null);
  return (
    <section className="trade" aria-labelledby="trade-title">
      <header className="trade__head">
        <h1 id="trade-title">{t('trade.title')}</h1>
        <button
          type="button"
          className="button button--primary"
          aria-expanded={formOpen}
          aria-controls={formId}
          onClick={() => setFormOpen((open) => !open)}
        >
          {formOpen ? t('trade.hideForm') : t('trade.newTrade')}
        </button>
      </header>
      <div id={formId} hidden={!formOpen}>
        {formOpen && recipientKnown && (
          <TradeForm
            initialRecipient={
              collector && !collector.self
                ? {
                    id: collector.user.id,
                    name: collector.user.displayName,
                    avatar: collector.user.avatar,
                    discordId: collector.user.discordId,
                  }
                : null
            }
            onCreated={() => {
              setFormOpen(false);
              setTab('pending');
              void invalidateRoutes(client, TRADE_READS);
            }}
          />
        )}
      </div>
      <div className="trade-result-region" role="status">
        {outcome && (
          <p className="trade-result">
            <span>{outcome}</span>
            <button
              type="button"
              className="live-notice__close"
              aria-label={t('trade.result.close')}
              onClick={() => setOutcome(null)}
            >
              ×
            </button>
          </p>
        )}
      </div>
      <Tabs
        label={t('trade.tabsLabel')}
        tabs={TRADE_TABS.map((id) => ({ id, title: t(`trade.tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
      >
        <TradeList status={tab} onOutcome={(o: TradeOutcome) => setOutcome(outcomeText(t, o))} />
      </Tabs>
    </section>
  );
}
