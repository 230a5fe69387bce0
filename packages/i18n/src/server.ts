/** The services' side of the translations: `t` in a caller's language, and the overrides. */
export * from './languages';
export * from './trade-refusals';
export * from './translate';
