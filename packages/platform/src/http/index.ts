export * from './access';
export * from './audit';
export * from './etag';
export * from './router';
export * from './server';
export * from './service';
