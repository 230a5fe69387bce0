/**
 * The `as_of` of read-model rows filled from an RPC answer rather than an event: older than any
 * event, so the next event about the row always applies.
 */
export const BEFORE_ANY_EVENT = new Date(0);
