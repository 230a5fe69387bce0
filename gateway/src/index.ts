export {
  type GatewayConfig,
  gatewayConfigSchema as configSchema,
  sessionCookieName,
  upstreamUrl,
  upstreamVariable,
} from './config';
export { gatewayModule } from './module';
export { type GatewayDeps, start } from './start';
