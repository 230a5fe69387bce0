import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cleanupServerCache,
  clearServerCache,
  getServerCacheStats,
  type ServerCacheStats,
  testImageUrl,
} from '../../../../api/admin-cache';
import { useConfirm } from '../../../../components/Confirm';
import { loadErrorText } from '../../../../components/LoadError';
import type { ImageCacheStats } from '../../../../images/cache';
import { IMAGE_TIMEOUT_MS, ImageLoadError, imageLoader } from '../../../../images/loader';
import { DataTable } from '../../table/DataTable';

type Message = { kind: 'success' | 'error'; text: string } | null;
type Busy = 'server-clear' | 'server-cleanup' | 'browser-clear' | 'browser-cleanup' | 'test' | null;

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/**
 * Cache administration (requirements O2.8): the server cache's figures (totals, per-user, and each of
 * the catalogue's namespaces) and the browser image cache's, each with its clear and clean
 * buttons (confirmed first), and the cache test: the test image through the image loader with
 * the test timeout, then read back from the browser cache. Messages are the spec's (§8).
 */
export default function CacheSection() {
  const { t } = useTranslation();
  const ask = useConfirm();
  const ids = useId();
  const [server, setServer] = useState<ServerCacheStats | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [browser, setBrowser] = useState<ImageCacheStats | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [testPicture, setTestPicture] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the reload trigger
  useEffect(() => {
    const controller = new AbortController();
    setBrowser(imageLoader().cache.stats());
    getServerCacheStats(controller.signal).then(
      (stats) => {
        setServer(stats);
        setServerError(null);
      },
      (err: unknown) => {
        if (!controller.signal.aborted)
          setServerError(t('adminCache.statsFailed', { error: loadErrorText(t, err) }));
      },
    );
    return () => controller.abort();
  }, [version, t]);

  /** Runs an action: confirmed first when it removes something, its message after, then a reload. */
  const act = async (which: Exclude<Busy, null>, run: () => Promise<string>, confirmText?: string) => {
    if (confirmText && !(await ask({ message: confirmText, danger: true }))) return;
    setBusy(which);
    setMessage(null);
    try {
      setMessage({ kind: 'success', text: await run() });
    } catch (err) {
      setMessage({ kind: 'error', text: failureText(which, err) });
    } finally {
      setBusy(null);
      reload();
    }
  };
  /** A clear or clean-up button of either cache. */
  const actionButton = (
    which: Exclude<Busy, null | 'test'>,
    label: string,
    run: () => Promise<string>,
    confirmText?: string,
  ) => (
    <button
      type="button"
      className="button"
      disabled={busy !== null}
      onClick={() => void act(which, run, confirmText)}
    >
      {label}
    </button>
  );
  const failureText = (which: Exclude<Busy, null>, err: unknown) => {
    if (which === 'test') return t('adminCache.testFailed', { error: imageErrorText(err) });
    const key = which.endsWith('clear') ? 'adminCache.clearFailed' : 'adminCache.cleanupFailed';
    return t(key, { error: loadErrorText(t, err) });
  };
  const imageErrorText = (err: unknown) => {
    if (!(err instanceof ImageLoadError)) return loadErrorText(t, err);
    if (err.reason === 'timeout')
      return t('images.timeout', { ms: err.details?.timeoutMs ?? IMAGE_TIMEOUT_MS.test });
    if (err.reason === 'not_image') return t('images.notImage');
    if (err.reason === 'http')
      return t('images.httpError', { status: err.details?.status, text: err.details?.statusText ?? '' });
    return err.message;
  };

  const runTest = async () => {
    const loader = imageLoader();
    const url = testImageUrl(`cache test ${new Date().toISOString()}`);
    const started = performance.now();
    setTestPicture(null);
    const shown = await loader.load(url, { timeoutMs: IMAGE_TIMEOUT_MS.test });
    const ms = Math.round(performance.now() - started);
    // Stored and read back: the browser cache answers for it now.
    const stored = await loader.cache.get(url);
    setTestPicture(shown);
    return stored
      ? t('adminCache.testPassed', { ms, kb: Math.max(1, Math.round(stored.size / 1024)) })
      : t('adminCache.testPassedUncached', { ms });
  };

  const stat = (label: string, value: string | number | undefined, key: string) => (
    <li className="admin-stat" data-stat={key}>
      <span className="admin-stat__value">{value ?? '—'}</span>
      <span className="admin-stat__label">{label}</span>
    </li>
  );

  return (
    <section className="admin-cache" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="visually-hidden">
        {t('adminCache.title')}
      </h2>
      {message ? (
        <p
          className={`admin-cache__message admin-cache__message--${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      ) : null}

      <section className="admin-cache__panel" aria-labelledby={`${ids}-server`} data-cache="server">
        <h3 id={`${ids}-server`}>{t('adminCache.server')}</h3>
        {serverError ? <p role="alert">{serverError}</p> : null}
        <ul className="admin-stats" aria-label={t('adminCache.server')}>
          {stat(t('adminCache.keys'), server?.keys, 'keys')}
          {stat(t('adminCache.hits'), server?.hits, 'hits')}
          {stat(t('adminCache.misses'), server?.misses, 'misses')}
          {stat(t('adminCache.hitRate'), server ? percent(server.hit_rate) : undefined, 'hit_rate')}
          {stat(
            t('adminCache.avgUserHitRate'),
            server ? percent(server.avg_user_hit_rate) : undefined,
            'avg_user_hit_rate',
          )}
          {stat(t('adminCache.usersTracked'), server?.users_tracked, 'users_tracked')}
        </ul>
        <DataTable
          className="admin-table admin-table--cache"
          caption={t('adminCache.namespaces')}
          rows={server?.namespaces ?? []}
          rowKey={(n) => n.name}
          rowProps={(n) => ({ 'data-namespace': n.name })}
          columns={[
            { key: 'name', label: t('adminCache.namespace'), rowHeader: true, render: (n) => n.name },
            { key: 'keys', label: t('adminCache.keys'), render: (n) => n.keys },
            { key: 'hits', label: t('adminCache.hits'), render: (n) => n.hits },
            { key: 'misses', label: t('adminCache.misses'), render: (n) => n.misses },
            { key: 'hitRate', label: t('adminCache.hitRate'), render: (n) => percent(n.hit_rate) },
          ]}
        />
        <div className="admin-toolbar">
          {actionButton(
            'server-clear',
            t('adminCache.clearServer'),
            async () => {
              await clearServerCache();
              return t('adminCache.cleared');
            },
            t('adminCache.confirmServerClear'),
          )}
          {actionButton(
            'server-cleanup',
            t('adminCache.cleanupServer'),
            async () => {
              await cleanupServerCache();
              return t('adminCache.cleaned');
            },
            t('adminCache.confirmServerCleanup'),
          )}
        </div>
      </section>

      <section className="admin-cache__panel" aria-labelledby={`${ids}-browser`} data-cache="browser">
        <h3 id={`${ids}-browser`}>{t('adminCache.browser')}</h3>
        <ul className="admin-stats" aria-label={t('adminCache.browser')}>
          {stat(t('adminCache.count'), browser?.count, 'count')}
          {stat(
            t('adminCache.size'),
            browser ? t('adminCache.sizeOf', { size: browser.sizeMB, max: browser.maxSizeMB }) : undefined,
            'sizeMB',
          )}
          {stat(t('adminCache.hits'), browser?.hits, 'hits')}
          {stat(t('adminCache.misses'), browser?.misses, 'misses')}
          {stat(t('adminCache.hitRate'), browser ? percent(browser.hitRate) : undefined, 'hitRate')}
        </ul>
        <div className="admin-toolbar">
          {actionButton(
            'browser-clear',
            t('adminCache.clearBrowser'),
            async () => {
              await imageLoader().clear();
              setTestPicture(null);
              return t('adminCache.cleared');
            },
            t('adminCache.confirmBrowserClear'),
          )}
          {actionButton('browser-cleanup', t('adminCache.cleanupBrowser'), async () => {
            await imageLoader().cache.cleanup();
            return t('adminCache.cleaned');
          })}
        </div>
      </section>

      <section className="admin-cache__panel" aria-labelledby={`${ids}-test`} data-cache="test">
        <h3 id={`${ids}-test`}>{t('adminCache.test')}</h3>
        <p className="admin-cache__hint">{t('adminCache.testHint', { ms: IMAGE_TIMEOUT_MS.test })}</p>
        <div className="admin-toolbar">
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null}
            onClick={() => void act('test', runTest)}
          >
            {busy === 'test' ? t('adminCache.testRunning') : t('adminCache.runTest')}
          </button>
          <button type="button" className="button button--ghost" disabled={busy !== null} onClick={reload}>
            {t('adminCache.refresh')}
          </button>
        </div>
        {testPicture ? (
          <img className="admin-cache__test-image" src={testPicture} alt={t('adminCache.testImage')} />
        ) : null}
      </section>
    </section>
  );
}
