export { type ImageProxyConfig, imageProxyConfigSchema as configSchema } from './config';
export { SERVICE, start } from './start';
