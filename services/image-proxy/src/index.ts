export { type ImageProxyConfig, imageProxyConfigSchema as configSchema } from './config';
export { type ImageProxyService, SERVICE, start } from './start';
