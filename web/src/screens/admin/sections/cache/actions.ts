import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useConfirm } from '../../../../components/Confirm';
import { loadErrorText } from '../../../../components/LoadError';
import { useNotify } from '../../../../components/Notify';
import { IMAGE_TIMEOUT_MS, ImageLoadError, imageLoader } from '../../../../images/loader';
import { useResourceWrites } from '../../kit/useResource';

export type Busy = 'server-clear' | 'server-cleanup' | 'browser-clear' | 'browser-cleanup' | 'test';

/** Every action changes the server cache's figures (read again after it, as the browser's are). */
const CHANGES = ['GET /api/admin/cache/stats'] as const;

/** The cache test's picture (requirements O7): a fresh text each run, so no cache in between answers it. */
export const testImageUrl = (text: string) =>
  `/api/test-image?width=320&height=120&text=${encodeURIComponent(text)}`;

/** Why the test image did not load, in the page's language. */
function imageErrorText(t: TFunction, err: unknown): string {
  if (!(err instanceof ImageLoadError)) return loadErrorText(t, err);
  if (err.reason === 'timeout')
    return t('images.timeout', { ms: err.details?.timeoutMs ?? IMAGE_TIMEOUT_MS.test });
  if (err.reason === 'not_image') return t('images.notImage');
  if (err.reason === 'http')
    return t('images.httpError', { status: err.details?.status, text: err.details?.statusText ?? '' });
  return err.message;
}

/** The message of a failed action (the spec's §8 texts). */
function failureText(t: TFunction, which: Busy, err: unknown): string {
  if (which === 'test') return t('adminCache.testFailed', { error: imageErrorText(t, err) });
  const key = which.endsWith('clear') ? 'adminCache.clearFailed' : 'adminCache.cleanupFailed';
  return t(key, { error: loadErrorText(t, err) });
}

/**
 * The test image through the image loader with the test timeout, then read back from the browser
 * cache; shows the picture and returns the message.
 */
export async function runCacheTest(t: TFunction, show: (picture: string | null) => void): Promise<string> {
  const loader = imageLoader();
  const url = testImageUrl(`cache test ${new Date().toISOString()}`);
  const started = performance.now();
  show(null);
  const shown = await loader.load(url, { timeoutMs: IMAGE_TIMEOUT_MS.test });
  const ms = Math.round(performance.now() - started);
  // Stored and read back: the browser cache answers for it now.
  const stored = await loader.cache.get(url);
  show(shown);
  return stored
    ? t('adminCache.testPassed', { ms, kb: Math.max(1, Math.round(stored.size / 1024)) })
    : t('adminCache.testPassedUncached', { ms });
}

/**
 * Runs the section's actions one at a time: confirmed first when it removes something, its
 * message after (the app's message area), then both caches' figures read again.
 */
export function useCacheActions(t: TFunction, afterEach: () => void) {
  const ask = useConfirm();
  const notify = useNotify();
  const write = useResourceWrites(CHANGES);
  const [busy, setBusy] = useState<Busy | null>(null);
  const act = async (which: Busy, run: () => Promise<string>, confirmText?: string) => {
    if (confirmText && !(await ask({ message: confirmText, danger: true }))) return;
    setBusy(which);
    try {
      notify.success(await write(run));
    } catch (err) {
      notify.error(failureText(t, which, err));
    } finally {
      setBusy(null);
      afterEach();
    }
  };
  return { busy, act };
}
