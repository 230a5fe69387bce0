import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's markup and while hydrating, true once the page is interactive. Controls
 * that only work with the page's script (a submit button disabled until something is typed) stay
 * usable before then and fall back to the plain HTML behaviour.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
