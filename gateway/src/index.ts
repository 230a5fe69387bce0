export {
  type GatewayConfig,
  gatewayConfigSchema as configSchema,
  sessionCookieName,
  upstreamUrl,
  upstreamUrls,
  upstreamVariable,
} from './config';
export { gatewayModule } from './module';
export { type GatewayDeps, start } from './start';
