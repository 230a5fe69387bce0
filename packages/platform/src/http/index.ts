export * from './access';
export * from './server';
export * from './service';
