import { useCallback, useRef } from 'react';

/**
 * Orders a screen's reloads: each call marks a load as started and returns a check that is true
 * while no later load has started. A list applies its answer only then, so an earlier, slower
 * answer (the first load, still on its way after a save reloaded the list) never overwrites a
 * newer one.
 */
export function useLatestOnly(): () => () => boolean {
  const started = useRef(0);
  return useCallback(() => {
    const mine = ++started.current;
    return () => mine === started.current;
  }, []);
}
