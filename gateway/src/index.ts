export {
  type GatewayConfig,
  gatewayConfigSchema as configSchema,
  sessionCookieName,
  upstreamUrl,
  upstreamUrls,
  upstreamVariable,
} from './config';
export { API_DOCS_PATH, apiDocument, GATEWAY_ROUTE_DOCS } from './docs/api-docs';
export { gatewayModule } from './module';
export { type GatewayDeps, start } from './start';
