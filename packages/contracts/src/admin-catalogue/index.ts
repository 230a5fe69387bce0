// The admin catalogue's calls (requirements C7), per resource: request schemas the routes validate
// with and response schemas they answer with.
export * from './animes';
export * from './cards';
export * from './characters';
export * from './form-fields';
export * from './franchises';
export * from './ranks';
export * from './rarity';
export * from './seasons';
