export { type AuthConfig, authConfigSchema as configSchema } from './config';
export { authDatabase as database } from './db/database';
export { serviceModule } from './module';
export { start } from './start';
