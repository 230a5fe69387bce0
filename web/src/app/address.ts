import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A change to the address's query: a value sets the parameter, '' or null removes it. */
export type AddressPatch = Readonly<Record<string, string | null>>;

/**
 * What a screen keeps in its address (issue 22 item 4): filters, search text, the tab, how much
 * of a list is shown. Each is a query parameter read through react-router, so back/forward,
 * reload and a shared link bring the same view back. A parameter at its default is left out
 * (the plain path is the default view). `set` pushes a history entry; `replace` (typing) does not.
 */
export function useAddress() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (patch: AddressPatch, options: { replace?: boolean } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: options.replace ?? false, preventScrollReset: true },
      ),
    [setParams],
  );
  return { params, set };
}

/** One of `allowed` from the parameter `name`, else `fallback` (an edited address shows the default). */
export function oneOf<T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const given = params.get(name);
  return (allowed as readonly string[]).includes(given ?? '') ? (given as T) : fallback;
}
