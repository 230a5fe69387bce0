import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 1 §9: image timeouts per kind, and the retry delay. */
export const IMAGE_TIMEOUT_MS = { default: 10_000, card: 8_000, avatar: 5_000 } as const;
export const IMAGE_RETRY_MS = 1_000;

interface LoadedImageProps {
  src: string | null;
  alt: string;
  timeoutMs?: number;
  /** Shown instead of retrying when the image fails (avatars and default pictures). */
  fallback?: string;
  className?: string;
  width?: number;
  height?: number;
}

/**
 * The one image loader (spec 1 §4): loading, then loaded; on failure or timeout an
 * 'Ошибка загрузки' overlay and a retry every second with no upper limit — or the fallback when
 * one is given. A missing URL shows the 'no image' placeholder.
 */
export function LoadedImage({
  src: given,
  alt,
  timeoutMs = IMAGE_TIMEOUT_MS.default,
  fallback,
  className,
  width,
  height,
}: LoadedImageProps) {
  const { t } = useTranslation();
  // Without a URL, the fallback (when there is one) is the picture.
  const src = given ?? fallback ?? null;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'error' | 'fallback'>('loading');

  useEffect(() => {
    if (!src || state === 'loaded' || state === 'fallback') return;
    // Loading: give up after the timeout. Failed: try again after the retry delay.
    const timer =
      state === 'loading'
        ? setTimeout(() => setState(fallback ? 'fallback' : 'error'), timeoutMs)
        : setTimeout(() => {
            setAttempt((a) => a + 1);
            setState('loading');
          }, IMAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [src, state, timeoutMs, fallback]);

  const style = { width, height };
  if (!src) {
    return (
      <div className={`image image--missing ${className ?? ''}`} style={style} role="img" aria-label={alt}>
        {t('images.noImage')}
      </div>
    );
  }
  const shown =
    state === 'fallback'
      ? fallback!
      : attempt === 0
        ? src
        : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;
  return (
    <div className={`image image--${state} ${className ?? ''}`} style={style} aria-busy={state === 'loading'}>
      <img
        key={shown}
        src={shown}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        onLoad={() => state !== 'fallback' && setState('loaded')}
        onError={() => state !== 'fallback' && setState(fallback ? 'fallback' : 'error')}
      />
      {state === 'error' && (
        <span className="image__overlay" role="status">
          {t('images.error')}
        </span>
      )}
    </div>
  );
}

/** A generated avatar (initial on a colour from the name), used when a real one is missing. */
export function fallbackAvatar(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  const letter = [...(name.trim() || '?')][0]!.toUpperCase().replace(/[<>&"']/g, '?');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="hsl(${hash % 360},55%,40%)"/><text x="32" y="42" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
