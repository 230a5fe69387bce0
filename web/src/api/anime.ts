/** Requirements M9: a search gives up after 15 s. */
export const SEARCH_TIMEOUT_MS = 15_000;
