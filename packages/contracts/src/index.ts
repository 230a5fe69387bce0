export * from './errors';
export * from './identity';
export * from './messaging';
export * from './routes';
export * from './stats';
export * from './system';
export * from './users';
