export {
  type GatewayConfig,
  gatewayConfigSchema as configSchema,
  sessionCookieName,
  upstreamUrl,
  upstreamVariable,
} from './config';
export { type GatewayDeps, start } from './start';
