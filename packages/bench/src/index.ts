export * from './nginx';
export * from './wrk';
