export * from './server-texts';
