import { headers, type MsgHdrs } from '@nats-io/nats-core';
import { type TraceCarrier, traceCarrier } from '../tracing/spans';

/** The W3C headers a message carries its trace in (rules §71). */
const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

/** Adds the active trace to a message's headers (nothing while tracing is off). */
export function setTraceHeaders(h: MsgHdrs): void {
  const carrier = traceCarrier();
  if (!carrier) return;
  for (const name of TRACE_HEADERS) if (carrier[name]) h.set(name, carrier[name]);
}

/** Headers carrying the active trace, or undefined (no headers at all) while nothing is traced. */
export function headersWithTrace(): MsgHdrs | undefined {
  const carrier = traceCarrier();
  if (!carrier) return undefined;
  const h = headers();
  for (const name of TRACE_HEADERS) if (carrier[name]) h.set(name, carrier[name]);
  return h;
}

/** The trace a received message carries, if any. */
export function carrierOfHeaders(h: MsgHdrs | undefined): TraceCarrier | undefined {
  const traceparent = h?.get('traceparent');
  if (!traceparent) return undefined;
  const tracestate = h?.get('tracestate');
  return tracestate ? { traceparent, tracestate } : { traceparent };
}
