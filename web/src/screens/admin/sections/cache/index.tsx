import type { ServerCacheStats } from '@acg/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../../../api/client';
import type { ImageCacheStats } from '../../../../images/cache';
import { IMAGE_TIMEOUT_MS, imageLoader } from '../../../../images/loader';
import { useResourceList } from '../../kit/useResource';
import { type Busy, runCacheTest, useCacheActions } from './actions';
import { type ActionProps, BrowserFigures, Panel, ServerFigures } from './panels';

const STATS = 'GET /api/admin/cache/stats';
const namespacesOf = (answer: { application_cache: ServerCacheStats }) => answer.application_cache.namespaces;
/** The figures are read afresh each time the section opens. */
const FRESH = { staleTime: 0 };

/**
 * Cache administration (requirements O2.8): the server cache's figures (totals, per-user, and each of
 * the catalogue's namespaces) and the browser image cache's, each with its clear and clean
 * buttons (confirmed first), and the cache test: the test image through the image loader with
 * the test timeout, then read back from the browser cache. Messages are the spec's (§8).
 */
export default function CacheSection() {
  const { t } = useTranslation();
  const ids = useId();
  const namespaces = useResourceList(STATS, namespacesOf, FRESH);
  const server = namespaces.answer?.application_cache;
  // The browser's figures are the browser's own: read once mounted (none on the server).
  const [browser, setBrowser] = useState<ImageCacheStats | null>(null);
  useEffect(() => setBrowser(imageLoader().cache.stats()), []);
  const [testPicture, setTestPicture] = useState<string | null>(null);
  const { reload: reloadServer } = namespaces;
  const reload = useCallback(() => {
    setBrowser(imageLoader().cache.stats());
    reloadServer();
  }, [reloadServer]);
  const { busy, act } = useCacheActions(t, () => setBrowser(imageLoader().cache.stats()));
  const button = ({ which, label, run, confirmText }: ActionProps) => (
    <button
      type="button"
      className="button"
      disabled={busy !== null}
      onClick={() => void act(which, run, confirmText)}
    >
      {label}
    </button>
  );
  const done = (key: 'adminCache.cleared' | 'adminCache.cleaned') => () => t(key);
  return (
    <section className="admin-cache" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminCache.title')}
      </h2>
      <Panel id={`${ids}-server`} name="server" title={t('adminCache.server')}>
        <ServerFigures server={server} namespaces={namespaces.rows} error={namespaces.error} />
        <div className="admin-toolbar">
          {button({
            which: 'server-clear',
            label: t('adminCache.clearServer'),
            run: () => request('POST /api/admin/cache/clear', { body: {} }).then(done('adminCache.cleared')),
            confirmText: t('adminCache.confirmServerClear'),
          })}
          {button({
            which: 'server-cleanup',
            label: t('adminCache.cleanupServer'),
            run: () =>
              request('POST /api/admin/cache/cleanup', { body: {} }).then(done('adminCache.cleaned')),
            confirmText: t('adminCache.confirmServerCleanup'),
          })}
        </div>
      </Panel>
      <Panel id={`${ids}-browser`} name="browser" title={t('adminCache.browser')}>
        <BrowserFigures browser={browser} />
        <div className="admin-toolbar">
          {button({
            which: 'browser-clear',
            label: t('adminCache.clearBrowser'),
            run: () =>
              imageLoader()
                .clear()
                .then(() => setTestPicture(null))
                .then(done('adminCache.cleared')),
            confirmText: t('adminCache.confirmBrowserClear'),
          })}
          {button({
            which: 'browser-cleanup',
            label: t('adminCache.cleanupBrowser'),
            run: () => imageLoader().cache.cleanup().then(done('adminCache.cleaned')),
          })}
        </div>
      </Panel>
      <TestPanel
        id={`${ids}-test`}
        busy={busy}
        picture={testPicture}
        onRun={() => void act('test', () => runCacheTest(t, setTestPicture))}
        onRefresh={reload}
      />
    </section>
  );
}

/** The cache test: its hint, run and refresh buttons, and the picture it loaded. */
function TestPanel(props: {
  id: string;
  busy: Busy | null;
  picture: string | null;
  onRun: () => void;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const { busy, picture } = props;
  return (
    <Panel id={props.id} name="test" title={t('adminCache.test')}>
      <p className="admin-cache__hint">{t('adminCache.testHint', { ms: IMAGE_TIMEOUT_MS.test })}</p>
      <div className="admin-toolbar">
        <button
          type="button"
          className="button button--primary"
          disabled={busy !== null}
          onClick={props.onRun}
        >
          {busy === 'test' ? t('adminCache.testRunning') : t('adminCache.runTest')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={busy !== null}
          onClick={props.onRefresh}
        >
          {t('adminCache.refresh')}
        </button>
      </div>
      {picture ? (
        <img className="admin-cache__test-image" src={picture} alt={t('adminCache.testImage')} />
      ) : null}
    </Panel>
  );
}
