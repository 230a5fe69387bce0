export * from './access';
export * from './audit';
export * from './etag';
export { type GaugeReading, readGauge, registerMetrics, serviceCounter } from './metrics';
export * from './openapi';
export * from './router';
export * from './server';
export * from './service';
