export {
  gatewayConfigSchema as configSchema,
  type GatewayConfig,
  sessionCookieName,
  upstreamUrl,
  upstreamVariable,
} from './config';
export { type GatewayDeps, start } from './start';
