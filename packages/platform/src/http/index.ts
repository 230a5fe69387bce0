export * from './access';
export * from './audit';
export * from './etag';
export * from './server';
export * from './service';
