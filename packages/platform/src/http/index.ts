export * from './access';
export * from './audit';
export * from './etag';
export * from './openapi';
export * from './router';
export * from './server';
export * from './service';
