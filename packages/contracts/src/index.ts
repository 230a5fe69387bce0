export * from './system';
export * from './routes';
export * from './messaging';
export * from './users';
export * from './stats';
export * from './errors';
export * from './identity';
