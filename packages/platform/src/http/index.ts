export * from './access';
export * from './etag';
export * from './server';
export * from './service';
