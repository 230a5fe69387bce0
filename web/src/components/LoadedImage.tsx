import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../api/images';

/** Spec 1 §9: image timeouts per kind, and the retry delay. */
export const IMAGE_TIMEOUT_MS = { default: 10_000, card: 8_000, avatar: 5_000, rank: 5_000 } as const;
export const IMAGE_RETRY_MS = 1_000;
/** The load timeout starts when a picture is this close to the viewport. */
const NEAR_VIEWPORT = '200px';

export interface LoadedImageProps {
  src: string | null;
  alt: string;
  timeoutMs?: number;
  /** Shown instead of retrying when the image fails (avatars and default pictures). */
  fallback?: string;
  className?: string;
  width?: number;
  height?: number;
  /**
   * A picture in the first screenful (the page's likely largest paint): loaded at once with high
   * priority instead of lazily, so it does not wait for layout and shares the line with less.
   */
  priority?: boolean;
}

/**
 * The one image loader (spec 1 §4): loading, then loaded; on failure or timeout an
 * error overlay (`images.error`: the spec's text in ru) and a retry every second with no upper limit — or the fallback when
 * one is given. A missing URL shows the 'no image' placeholder (or the fallback). External URLs
 * are loaded through our image proxy (api/images.ts).
 */
export function LoadedImage(props: LoadedImageProps) {
  const src = imageSource(props.src);
  // A new picture starts over: fresh state, attempt 0.
  return <ImageLoader key={src ?? props.fallback ?? ''} {...props} src={src} />;
}

type LoadState = 'waiting' | 'loading' | 'loaded' | 'error' | 'fallback';

function ImageLoader({
  src: given,
  alt,
  timeoutMs = IMAGE_TIMEOUT_MS.default,
  fallback,
  className,
  width,
  height,
  priority = false,
}: LoadedImageProps) {
  const { t } = useTranslation();
  // Without a URL, the fallback (when there is one) is the picture.
  const src = given ?? fallback ?? null;
  const box = useRef<HTMLDivElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const [attempt, setAttempt] = useState(0);
  // The browser loads the picture lazily (loading="lazy"); the timeout starts only once it is
  // near the viewport ('waiting' until then), so it counts a real load, not the time an off-screen
  // image waits to be scrolled to. Without IntersectionObserver the clock starts at once (the
  // server render and real browsers both start 'waiting', so hydration agrees).
  const [state, setState] = useState<LoadState>(() =>
    typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined' ? 'loading' : 'waiting',
  );

  useEffect(() => {
    if (state !== 'waiting') return;
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setState('loading');
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [state]);

  useEffect(() => {
    if (!src || (state !== 'loading' && state !== 'error')) return;
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

  const shown =
    state === 'fallback'
      ? fallback!
      : attempt === 0
        ? src
        : `${src}${src?.includes('?') ? '&' : '?'}retry=${attempt}`;

  useEffect(() => {
    // A picture from the browser's memory cache can finish before React sees its load event.
    const el = picture.current;
    if (el?.complete && el.naturalWidth > 0 && (state === 'waiting' || state === 'loading'))
      setState('loaded');
  });

  const style = { width, height };
  if (!src) {
    return (
      <div className={`image image--missing ${className ?? ''}`} style={style} role="img" aria-label={alt}>
        {t('images.noImage')}
      </div>
    );
  }
  return (
    <div
      ref={box}
      className={`image image--${state} ${className ?? ''}`}
      style={style}
      aria-busy={state === 'waiting' || state === 'loading'}
    >
      {/* A new element per attempt: the browser drops the failed request and starts afresh. */}
      <img
        key={shown}
        ref={picture}
        src={shown ?? undefined}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
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
