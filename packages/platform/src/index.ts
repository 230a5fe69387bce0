export * from './config';
export * from './errors';
export * from './identity';
export * from './logger';
export * from './http';
export * from './bus';
export * from './cache';
export * from './db';
