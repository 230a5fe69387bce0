import type { InventoryEntry, User } from '@acg/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { request } from '../../api/client';
import { cardImageUrl, discordAvatarUrl } from '../../api/images';
import { invalidateRoutes, useRoute } from '../../api/query';
import { oneOf, useAddress } from '../../app/address';
import { CardImage } from '../../components/CardImage';
import { DateTime } from '../../components/DateTime';
import { LoadError } from '../../components/LoadError';
import { fallbackAvatar, IMAGE_TIMEOUT_MS, LoadedImage } from '../../components/LoadedImage';
import { Tabs } from '../../components/Tabs';
import { formatNumber } from '../../i18n/formats';
import { imageLoader } from '../../images/loader';
import { useLive } from '../../live/live';
import { CollectionCharts } from '../collector/CollectionCharts';
import { CollectionVisibility } from '../collector/CollectionVisibility';
import { entryMatches } from '../collector/search';
import { MyWishlist } from '../wishlist/Wishlist';
import { CardHistory } from './CardHistory';

/** Live events after which the user's cards may have changed: re-read them (docs/rules.md §35). */
const INVENTORY_CHANGES = ['trade.accepted', 'inventory.granted'] as const;

/** Requirements M9: cards shown before 'show all', and how long the 'copied' marker stays. */
export const FIRST_CARDS = 12;
export const COPIED_MS = 1_200;
/** Cards in the first screenful on a phone (two rows of two): their pictures load first. */
const PRIORITY_CARDS = 4;
/** Requirements M9: profile card images are 144x216. */
const CARD_WIDTH = 144;
const CARD_HEIGHT = 216;
const CARD_SIZES = `${CARD_WIDTH}px`;
/** At most this many print numbers listed under a card; the rest as "+N". */
const PRINTS_SHOWN = 3;

/** The profile's tabs: ?tab=stats and ?tab=wishlist in the address, the cards without. */
const PROFILE_TABS = ['cards', 'stats', 'wishlist'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];

export function ProfileScreen() {
  const { t } = useTranslation();
  const query = useRoute('GET /api/me', undefined);
  // The tab, the search text and 'show all' live in the address (?tab=stats, ?q=, ?all=1).
  const address = useAddress();
  const tab = oneOf(address.params, 'tab', PROFILE_TABS, 'cards');
  const setTab = (id: ProfileTab) => address.set({ tab: id === 'cards' ? null : id });
  const load = () => void query.refetch();
  const me = query.data?.user;

  if (query.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (!me)
    return (
      <LoadError className="error-text" error={query.error} message={t('profile.loadError')} onRetry={load} />
    );
  return (
    <section className="profile" aria-labelledby="profile-name">
      <ProfileHeader user={me} onChanged={load} />
      <Tabs
        label={t('profile.tabsLabel')}
        tabs={PROFILE_TABS.map((id) => ({ id, title: t(`profile.tabs.${id}`) }))}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'cards' ? <ProfileCards /> : tab === 'stats' ? <ProfileStats /> : <MyWishlist />}
      </Tabs>
    </section>
  );
}

/** Level names exist for 0…4 (requirements M6); anything outside shows the nearest. */
const levelIndex = (level: number) => Math.min(4, Math.max(0, level)) as 0 | 1 | 2 | 3 | 4;

/** How a Shikimori link ended, from `?shikimori=` on the way back to the profile (rules §38). */
const LINK_OUTCOMES = ['linked', 'cancelled', 'failed', 'taken', 'unavailable'] as const;
type LinkOutcome = (typeof LINK_OUTCOMES)[number];

function ShikimoriLink({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const given = new URLSearchParams(search).get('shikimori');
  const outcome = (LINK_OUTCOMES as readonly string[]).includes(given ?? '') ? (given as LinkOutcome) : null;
  const [busy, setBusy] = useState(false);
  const [unlinkFailed, setUnlinkFailed] = useState(false);
  const unlink = async () => {
    setBusy(true);
    setUnlinkFailed(false);
    try {
      await request('POST /auth/shikimori/unlink', { body: {} });
      onChanged();
    } catch {
      setUnlinkFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const message = unlinkFailed ? 'unlinkFailed' : outcome;
  return (
    <dd className="profile__shikimori">
      {user.shikimoriId !== null ? (
        <>
          <LoadedImage
            className="profile__shikimori-avatar"
            src={user.shikimoriAvatar}
            fallback={fallbackAvatar(user.shikimoriNickname ?? 'S')}
            alt=""
            width={24}
            height={24}
            timeoutMs={IMAGE_TIMEOUT_MS.avatar}
          />
          {user.shikimoriNickname ? (
            <a
              className="profile__shikimori-name"
              href={`https://shikimori.one/${encodeURIComponent(user.shikimoriNickname)}`}
              target="_blank"
              rel="noreferrer noopener"
            >
              {user.shikimoriNickname}
            </a>
          ) : null}
          <span className="profile__shikimori-id">ID {user.shikimoriId}</span>
          <button type="button" className="button button--ghost" onClick={unlink} disabled={busy}>
            {t('profile.shikimori.unlink')}
          </button>
        </>
      ) : (
        <a href="/auth/shikimori">{t('profile.connectShikimori')}</a>
      )}
      {message && (message !== 'linked' || user.shikimoriId !== null) ? (
        <span
          className={`profile__shikimori-note${message === 'linked' ? '' : ' profile__shikimori-note--error'}`}
          role={message === 'linked' ? 'status' : 'alert'}
        >
          {t(`profile.shikimori.${message}`)}
        </span>
      ) : null}
    </dd>
  );
}

function ProfileHeader({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(user.discordId);
    } catch {
      // The clipboard may be unavailable; the marker still confirms the click.
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <header className="profile__header panel">
      <LoadedImage
        className="profile__avatar"
        src={discordAvatarUrl(user.discordId, user.avatar)}
        fallback={fallbackAvatar(user.username)}
        alt={t('profile.avatarAlt', { name: user.username })}
        timeoutMs={IMAGE_TIMEOUT_MS.avatar}
      />
      <div className="profile__who">
        <h1 id="profile-name">
          {user.username}
          {user.discriminator && user.discriminator !== '0' && (
            <span className="profile__disc">#{user.discriminator}</span>
          )}
        </h1>
        <dl className="profile__facts">
          <div>
            <dt>{t('profile.discordId')}</dt>
            <dd>
              <button
                type="button"
                className="copy"
                onClick={copy}
                aria-label={t('profile.copyId', { id: user.discordId })}
              >
                {user.discordId}
              </button>
              {/* Always present, so screen readers announce the marker when it appears. */}
              <span className="copy__done" role="status">
                {copied ? t('profile.copied') : ''}
              </span>
            </dd>
          </div>
          {user.email && (
            <div>
              <dt>{t('profile.email')}</dt>
              <dd>{user.email}</dd>
            </div>
          )}
          <div>
            <dt>{t('profile.level')}</dt>
            <dd>
              <strong>{t(`levels.${levelIndex(user.adminLevel)}`)}</strong>
            </dd>
          </div>
          <div>
            <dt>Shikimori</dt>
            <ShikimoriLink user={user} onChanged={onChanged} />
          </div>
        </dl>
        <CollectionVisibility userId={user.id} />
        <a className="button button--ghost" href="/auth/logout">
          {t('nav.logout')}
        </a>
      </div>
    </header>
  );
}

function ProfileCards() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const inventory = useRoute('GET /api/inventory/my', undefined);
  const address = useAddress();
  const query = address.params.get('q') ?? '';
  const showAll = address.params.get('all') === '1';
  // The box's own text, so typing never waits on the address; back/forward bring theirs into it.
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);
  const setQuery = (typed: string) => {
    setText(typed);
    address.set({ q: typed }, { replace: true });
  };
  const setShowAll = () => address.set({ all: '1' });
  const [opened, setOpened] = useState<InventoryEntry | null>(null);
  useLive(INVENTORY_CHANGES, () => void invalidateRoutes(client, ['GET /api/inventory/my']));
  // Requirements M8: an inventory load failure is logged only (a later live re-read keeps what is shown).
  useEffect(() => {
    if (inventory.error) console.error('inventory load failed', inventory.error);
  }, [inventory.error]);
  const entries = inventory.data ?? (inventory.isError ? [] : null);
  // Any name of the character in any script, or the rank code (rules §17, §57).
  const matching = useMemo(() => (entries ?? []).filter((e) => entryMatches(e, query)), [entries, query]);

  if (entries === null) return <p className="loading">{t('common.loading')}</p>;
  if (entries.length === 0) return <p className="empty">{t('profile.noCards')}</p>;
  const shown = showAll ? matching : matching.slice(0, FIRST_CARDS);
  const preloadRest = () =>
    void imageLoader().preload(
      matching
        .slice(FIRST_CARDS)
        .map((e) => cardImageUrl(e.cardId, { print: e.printNumbers[0], lang: i18n.language, width: 360 })),
      { timeoutMs: IMAGE_TIMEOUT_MS.card },
    );
  return (
    <>
      <label className="search">
        <span className="visually-hidden">{t('profile.search')}</span>
        <input
          type="search"
          value={text}
          placeholder={t('profile.search')}
          aria-label={t('profile.search')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
      {matching.length === 0 ? (
        <p className="empty">{t('profile.noResults')}</p>
      ) : (
        <ul className="tile-grid tile-grid--cards profile__cards">
          {shown.map((e, index) => (
            <li key={e.id} className="profile-card" data-rank={e.rank}>
              <CardImage
                cardId={e.cardId}
                print={e.printNumbers[0]}
                alt={t('characters.cardAlt', { name: e.character, rank: e.rank })}
                drawnWidth={CARD_WIDTH}
                width={CARD_WIDTH}
                height={CARD_HEIGHT}
                sizes={CARD_SIZES}
                priority={index < PRIORITY_CARDS}
              />
              <div className="profile-card__body">
                <p className="profile-card__name">
                  <button
                    type="button"
                    className="card-frame__open"
                    aria-haspopup="dialog"
                    aria-label={t('profile.history.open', { name: e.character })}
                    onClick={() => setOpened(e)}
                  >
                    {e.character}
                  </button>
                  {e.quantity > 1 && <span className="card-frame__quantity"> ×{e.quantity}</span>}
                </p>
                {e.printNumbers.length > 0 && (
                  <p className="profile-card__prints">{printList(t, e.printNumbers)}</p>
                )}
                <p className="profile-card__meta">
                  <DateTime value={e.obtainedAt} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <CardHistory inventoryId={opened.id} name={opened.character} onClose={() => setOpened(null)} />
      )}
      {!showAll && matching.length > FIRST_CARDS && (
        <button
          type="button"
          className="button button--ghost"
          // About to be shown: the rest of the pictures load ahead, 3 at a time (requirements O9).
          onPointerEnter={preloadRest}
          onFocus={preloadRest}
          onClick={setShowAll}
        >
          {t('profile.showAll', { count: matching.length })}
        </button>
      )}
    </>
  );
}

/** "Print #3, #17 +2": the lowest prints of an entry, in the page's language. */
function printList(t: TFunction, prints: number[]): string {
  const shown = prints.slice(0, PRINTS_SHOWN).map((n) => t('cards.printNumber', { number: n }));
  const more = prints.length - PRINTS_SHOWN;
  return t('cards.prints', { count: prints.length, list: shown.join(', ') }) + (more > 0 ? ` +${more}` : '');
}

function ProfileStats() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const query = useRoute('GET /api/inventory/stats', undefined);
  useLive(INVENTORY_CHANGES, () => void invalidateRoutes(client, ['GET /api/inventory/stats']));
  const stats = query.data;
  if (query.isPending) return <p className="loading">{t('common.loading')}</p>;
  if (!stats)
    return (
      <LoadError
        className="error-text"
        error={query.error}
        message={t('profile.statsError')}
        onRetry={() => void query.refetch()}
      />
    );
  const rows = [
    ['total', stats.total_cards],
    ['limited', stats.limited_cards],
    ['regular', stats.common_cards],
    ['unique', stats.unique_characters],
  ] as const;
  return (
    <>
      <dl className="stats__grid">
        {rows.map(([key, value]) => (
          <div key={key} className="counter">
            <dt className="counter__label">{t(`profile.stats.${key}`)}</dt>
            <dd className="counter__value">{formatNumber(i18n.language, value)}</dd>
          </div>
        ))}
      </dl>
      <CollectionCharts stats={stats} />
    </>
  );
}
