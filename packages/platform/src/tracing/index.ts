export { tracedBus } from './bus';
export { tracedPoolClient } from './pg';
export { traceRedis } from './redis';
export {
  flushTracing,
  samplerFrom,
  startTracing,
  stopTracing,
  type TracingSettings,
  tracerOf,
  tracesUrlFrom,
  tracingOn,
} from './setup';
export {
  activeTraceIds,
  currentTraceparent,
  failSpan,
  inSpan,
  inSpanSync,
  type Span,
  SpanKind,
  type SpanSpec,
  spanCarrier,
  startServerSpan,
  type TraceCarrier,
  type Tracer,
  traceCarrier,
  traceIdsOf,
  withCarriedTrace,
  withContext,
} from './spans';
