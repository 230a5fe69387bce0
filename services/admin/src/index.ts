export { type AdminConfig, adminConfigSchema as configSchema } from './config';
export { serviceModule } from './module';
export { adminDatabase as database, SERVICE, start } from './start';
