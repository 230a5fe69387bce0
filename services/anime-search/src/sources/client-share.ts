import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Fair shares of the sources' budgets (issue 27): who a request to Shikimori or AniList is made
 * for. The route runs its look-ups as a client (`asClient`); the rate limiter reads it
 * (`currentClient`) and lets one client take at most its share of each budget window, so one
 * client searching without pause cannot spend the budget everyone shares. A cached answer, or a
 * request joining one already under way, costs nothing.
 */
const clients = new AsyncLocalStorage<string>();

/** Runs `work` with its source requests counted for `client` (`user:<id>` or `ip:<address>`). */
export const asClient = <T>(client: string, work: () => Promise<T>): Promise<T> => clients.run(client, work);

export const currentClient = (): string | undefined => clients.getStore();

/** The client has used its share of a source's budget window: a 429 with Retry-After. */
export class ClientShareExceeded extends Error {
  constructor(
    readonly source: string,
    readonly retryAfterMs: number,
  ) {
    super(`${source}: this client's share of the request budget is used up for now`);
  }
}
