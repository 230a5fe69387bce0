/** What both the browser and the services may import: languages and the fallback order. */
export * from './languages';
/** Catalogue names per language, their fallback order and search keys. */
export * from './names';
