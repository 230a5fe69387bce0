import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageSource } from '../api/images';
import { IMAGE_RETRY_MS, IMAGE_TIMEOUT_MS, type ImageLoader, imageLoader } from '../images/loader';
import { useHydrated } from './useHydrated';

export { IMAGE_RETRY_MS, IMAGE_TIMEOUT_MS };

/** The load timeout starts when a picture is this close to the viewport. */
const NEAR_VIEWPORT = '200px';

/** The loader pictures go through; the page's one loader unless a test provides its own. */
export const ImageLoaderContext = createContext<ImageLoader | null>(null);
const useImageLoader = (): ImageLoader => useContext(ImageLoaderContext) ?? imageLoader();

export interface LoadedImageProps {
  src: string | null;
  alt: string;
  timeoutMs?: number;
  /** The default picture: shown without a URL and, unless `onFailure` is 'retry', when the image fails. */
  fallback?: string;
  /**
   * What a failure does: 'retry' shows the error overlay and tries again every second (requirements M
   * §4); 'fallback' shows the fallback. Default: 'fallback' when there is one, else 'retry'.
   */
  onFailure?: 'retry' | 'fallback';
  /**
   * What a failed picture says instead of the error overlay's text: the admin's card images
   * show the spec's card placeholder (images.card) where the picture was (requirements O8). The
   * retry goes on as before.
   */
  errorText?: string;
  className?: string;
  width?: number;
  height?: number;
  /**
   * Other sizes of the picture for the browser to choose from (`srcset`/`sizes`), used when the
   * browser loads it itself (`priority`); the loader loads `src`.
   */
  srcSet?: string;
  sizes?: string;
  /**
   * A picture in the first screenful (the page's likely largest paint): in the server's markup
   * with its URL, loaded at once with high priority by the browser itself, so it does not wait
   * for the script. Every other picture goes through the image loader and its browser cache.
   */
  priority?: boolean;
}

/**
 * The one image component (requirements M4): loading, then loaded; on failure or timeout an error
 * overlay (`images.error`: the spec's text in ru) and a retry every second with no upper limit,
 * or the fallback picture. A missing URL shows the 'no image' placeholder (or the fallback).
 * External URLs are loaded through our image proxy (api/images.ts). Pictures load through the
 * shared loader (images/loader.ts: timeouts, shared requests, the IndexedDB cache), so they have
 * no URL in the server's markup; `priority` ones keep theirs and load as plain images.
 */
export function LoadedImage(props: LoadedImageProps) {
  const src = imageSource(props.src);
  // A new picture starts over: fresh state, attempt 0.
  return <ImageView key={src ?? props.fallback ?? ''} {...props} src={src} />;
}

type LoadState = 'waiting' | 'loading' | 'loaded' | 'error' | 'fallback';

const isInline = (url: string) => /^data:image\//i.test(url) || url.startsWith('blob:');
const withAttempt = (src: string, attempt: number) =>
  attempt === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}`;

type LoadInput = Pick<LoadedImageProps, 'fallback' | 'onFailure'> & {
  given: string | null | undefined;
  timeoutMs: number;
  priority: boolean;
};

/** The load starts once the picture is near the viewport ('waiting' until then). */
function useStartWhenNear(
  box: React.RefObject<HTMLDivElement | null>,
  state: LoadState,
  setState: (s: LoadState) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: box is a ref and setState a state setter, both stable
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
}

interface TimerInput {
  src: string | null;
  state: LoadState;
  timeoutMs: number;
  fallback: string | undefined;
  direct: boolean;
  fail: () => void;
  setReady: (url: string | undefined) => void;
  setAttempt: (next: (a: number) => number) => void;
  setState: (s: LoadState) => void;
}

/** Loading directly: give up after the timeout. Failed: try again after the retry delay. */
function useGiveUpOrRetry({
  src,
  state,
  timeoutMs,
  fallback,
  direct,
  fail,
  setReady,
  setAttempt,
  setState,
}: TimerInput) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: fail depends only on props listed
  useEffect(() => {
    if (!src || (state !== 'loading' && state !== 'error')) return;
    // Loading directly: give up after the timeout (the loader times its own requests).
    // Failed: try again after the retry delay.
    if (state === 'loading' && !direct) return;
    const timer =
      state === 'loading'
        ? setTimeout(fail, timeoutMs)
        : setTimeout(() => {
            setReady(undefined);
            setAttempt((a) => a + 1);
            setState('loading');
          }, IMAGE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [src, state, timeoutMs, fallback, direct]);
}

/** A picture's load: its state, the attempt, the URL shown and the refs of its box and element. */
function useImageLoad({ given, fallback, onFailure, timeoutMs, priority }: LoadInput) {
  const loader = useImageLoader();
  const hydrated = useHydrated();
  // Without a URL, the fallback (when there is one) is the picture.
  const src = given ?? fallback ?? null;
  const failure = onFailure ?? (fallback ? 'fallback' : 'retry');
  // The browser loads it itself: a first-screen picture, a default picture, or one inline.
  const direct = priority || given === null || (src !== null && isInline(src));
  const box = useRef<HTMLDivElement>(null);
  const picture = useRef<HTMLImageElement>(null);
  const [attempt, setAttempt] = useState(0);
  // A picture this page loaded before is shown at once after a client-side navigation (never
  // while hydrating: the server's markup has no loaded pictures).
  const [ready, setReady] = useState<string | undefined>(() =>
    !direct && src && hydrated ? loader.loaded(src) : undefined,
  );
  // The load (and its timeout) starts only once the picture is near the viewport ('waiting'
  // until then), so it counts a real load, not the time an off-screen image waits to be
  // scrolled to. Without IntersectionObserver it starts at once (the server render and real
  // browsers both start 'waiting', so hydration agrees).
  const [state, setState] = useState<LoadState>(() =>
    ready || (typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined')
      ? 'loading'
      : 'waiting',
  );
  const fail = () => setState(failure === 'fallback' && fallback ? 'fallback' : 'error');

  useStartWhenNear(box, state, setState);

  // Through the loader: its request (shared, cached, timed out by kind) gives the bytes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt restarts the load; fail is stable enough
  useEffect(() => {
    if (direct || !src || state !== 'loading' || ready) return;
    let current = true;
    loader.load(src, { timeoutMs }).then(
      (url) => current && setReady(url),
      () => current && fail(),
    );
    return () => {
      current = false;
    };
  }, [direct, src, state, ready, attempt, loader, timeoutMs]);

  useGiveUpOrRetry({ src, state, timeoutMs, fallback, direct, fail, setReady, setAttempt, setState });

  const shown =
    state === 'fallback' ? fallback : !src ? undefined : direct ? withAttempt(src, attempt) : ready;

  useEffect(() => {
    // A picture from the browser's memory cache can finish before React sees its load event.
    const el = picture.current;
    if (el?.complete && el.naturalWidth > 0 && shown && (state === 'waiting' || state === 'loading'))
      setState('loaded');
  });

  return { loader, src, direct, box, picture, attempt, state, setState, fail, shown };
}

function ImageView({
  src: given,
  alt,
  timeoutMs = IMAGE_TIMEOUT_MS.default,
  fallback,
  onFailure,
  errorText,
  className,
  width,
  height,
  srcSet,
  sizes,
  priority = false,
}: LoadedImageProps) {
  const { t } = useTranslation();
  const { loader, src, direct, box, picture, attempt, state, setState, fail, shown } = useImageLoad({
    given,
    fallback,
    onFailure,
    timeoutMs,
    priority,
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
        key={shown ?? 'pending'}
        ref={picture}
        src={shown}
        srcSet={direct && state !== 'fallback' && attempt === 0 ? srcSet : undefined}
        sizes={direct && state !== 'fallback' && attempt === 0 ? sizes : undefined}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : direct ? 'lazy' : undefined}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onLoad={() => shown && state !== 'fallback' && setState('loaded')}
        onError={() => {
          if (!shown || state === 'fallback') return;
          // Bytes the browser cannot show are not kept: the retry asks the server again.
          if (!direct && src) loader.forget(src);
          fail();
        }}
      />
      {state === 'error' && (
        <span className="image__overlay" role="status">
          {errorText ?? t('images.error')}
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
