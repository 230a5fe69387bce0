export * from './bus';
export * from './cache';
export * from './config';
export * from './db';
export * from './errors';
export * from './http';
export * from './identity';
export * from './logger';
