export { type TradesConfig, tradesConfigSchema as configSchema } from './config';
export { serviceModule } from './module';
export { SERVICE, start, tradesDatabase as database } from './start';
export { SWEEP_LOCK } from './sweep/sweep';
