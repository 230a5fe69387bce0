export { type ImageProxyConfig, imageProxyConfigSchema as configSchema } from './config';
export { serviceModule } from './module';
/** Where a card's art is drawn (system tests compare its pixels). */
export { ART as CARD_ART_WINDOW } from './render/layout';
export { type ImageProxyService, SERVICE, start } from './start';
