import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN } from './model';

/** A debounced, aborting search: runs `run` 300 ms after `text` settles at ≥ 2 characters. */
export function useLiveSearch<T>(
  text: string,
  run: (q: string, signal: AbortSignal) => Promise<T>,
  onError: (err: unknown) => void,
) {
  const [result, setResult] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const runRef = useRef(run);
  runRef.current = run;
  const errRef = useRef(onError);
  errRef.current = onError;
  useEffect(() => {
    const q = text.trim();
    if (q.length < SEARCH_MIN) {
      setResult(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      runRef
        .current(q, controller.signal)
        .then((r) => {
          if (!controller.signal.aborted) setResult(r);
        })
        .catch((err: unknown) => {
          // Aborted requests are ignored silently.
          if (!controller.signal.aborted) errRef.current(err);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return { result, loading, clear: () => setResult(null) };
}
