export { type ImageProxyConfig, imageProxyConfigSchema as configSchema } from './config';
export { serviceModule } from './module';
export { type ImageProxyService, SERVICE, start } from './start';
