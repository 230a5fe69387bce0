/** What both the browser and the services may import: languages and the fallback order. */
export * from './languages';
