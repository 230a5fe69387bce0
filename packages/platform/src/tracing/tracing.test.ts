import { Writable } from 'node:stream';
import { defineEvent, defineRpc } from '@acg/contracts';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMemoryBus, makeEvent } from '../bus';
import { createHttpServer } from '../http/server';
import { createLogger } from '../logger';
import { tracedBus } from './bus';
import { flushTracing, samplerFrom, startTracing, stopTracing, tracerOf, tracesUrlFrom } from './setup';
import { inSpan, traceCarrier } from './spans';

/**
 * The kit's tracing (rules §71) in one process: off by default and then inert; on, the memory bus
 * carries a trace from publisher to consumer and from caller to server as NATS does in headers,
 * each side's spans named after its own service; HTTP requests continue the caller's traceparent;
 * log lines carry the trace and request ids and an error's whole cause chain.
 */
const exporter = new InMemorySpanExporter();
const pinged = defineEvent('test.pinged', z.object({ n: z.number() }));
const echo = defineRpc('test.echo', z.object({ n: z.number() }), z.object({ n: z.number() }));

const finished = async (): Promise<ReadableSpan[]> => {
  await flushTracing();
  return exporter.getFinishedSpans();
};
const serviceOf = (s: ReadableSpan) => s.resource.attributes['service.name'];
const parentId = (s: ReadableSpan | undefined) => s?.parentSpanContext?.spanId;

describe('tracing off', () => {
  it('starts nothing without an endpoint: no carrier, no recording span', async () => {
    expect(tracesUrlFrom({})).toBeUndefined();
    expect(startTracing({})).toBe(false);
    await inSpan(tracerOf('a'), { name: 'work' }, async (span) => {
      expect(span).toBeUndefined();
      expect(traceCarrier()).toBeUndefined();
    });
    expect(tracerOf('a').startSpan('x').isRecording()).toBe(false);
  });

  it('reads the standard variables', () => {
    expect(tracesUrlFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toBe('http://c:4318/v1/traces');
    expect(tracesUrlFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
      undefined,
    );
    expect(
      samplerFrom({
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.1',
      }).toString(),
    ).toMatch(/ParentBased.*TraceIdRatioBased\{0\.1\}/);
  });
});

describe('tracing on', () => {
  beforeAll(() => {
    expect(
      startTracing(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_SAMPLER: 'always_on' },
        {
          exporter: () => exporter,
        },
      ),
    ).toBe(true);
  });
  afterAll(() => stopTracing());

  it('carries a trace over the memory bus: consumer under the publish, server under the request', async () => {
    exporter.reset();
    const bus = createMemoryBus();
    const a = tracedBus(bus, 'service-a');
    const b = tracedBus(bus, 'service-b');
    b.serve(echo, async ({ n }) => ({ n }));
    await inSpan(tracerOf('service-a'), { name: 'offer' }, async () => {
      expect(await a.request(echo, { n: 1 })).toEqual({ n: 1 });
      await a.publish(makeEvent(pinged, { n: 2 }));
    });
    // The consumer starts afterwards, outside the trace: only what the event carries can link it.
    let heard: () => void = () => {};
    const handled = new Promise<void>((resolve) => {
      heard = resolve;
    });
    await b.consume({ durable: 'b-pinged', types: [pinged.type], handler: async () => heard() });
    await handled;
    await bus.drain();
    const spans = await finished();
    const named = (name: string) => spans.find((s) => s.name === name);
    const root = named('offer');
    expect(parentId(named('test.echo request'))).toBe(root?.spanContext().spanId);
    expect(parentId(named('test.echo serve'))).toBe(named('test.echo request')?.spanContext().spanId);
    expect(parentId(named('test.pinged publish'))).toBe(root?.spanContext().spanId);
    expect(parentId(named('test.pinged process'))).toBe(named('test.pinged publish')?.spanContext().spanId);
    expect(new Set(spans.map((s) => s.spanContext().traceId))).toEqual(
      new Set([root?.spanContext().traceId]),
    );
    expect(serviceOf(named('test.pinged process')!)).toBe('service-b');
    expect(serviceOf(named('test.pinged publish')!)).toBe('service-a');
  });

  it("continues an HTTP caller's traceparent and logs one line per request with its ids", async () => {
    exporter.reset();
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ mixin: () => ({}) }, sink);
    const app = createHttpServer({ name: 'svc', logger });
    app.get('/x', async (req) => {
      req.log.info('inside');
      return { traced: trace.getActiveSpan()?.spanContext().traceId };
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await app.inject({
      method: 'GET',
      url: '/x?code=secret',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'req-1' },
    });
    expect(res.json()).toEqual({ traced: traceId });
    const [server] = (await finished()).filter((s) => s.name === 'GET /x');
    expect(server?.spanContext().traceId).toBe(traceId);
    expect(parentId(server)).toBe('00f067aa0ba902b7');
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toContain('secret');
    expect(requests[0]).toMatchObject({
      reqId: 'req-1',
      method: 'GET',
      path: '/x',
      route: '/x',
      statusCode: 200,
      trace_id: traceId,
      span_id: server?.spanContext().spanId,
    });
    await app.close();
  });

  it('puts the active span on every log line and serialises the cause chain of an error', async () => {
    const chunks: string[] = [];
    const logger = createLogger('svc', 'info', {
      write: (chunk: string) => {
        chunks.push(chunk);
      },
    });
    let ids: { traceId: string; spanId: string } | undefined;
    await inSpan(tracerOf('svc'), { name: 'work' }, async (span) => {
      ids = span?.spanContext();
      const root = new Error('connection refused');
      logger.error(
        { err: new Error('trade not saved', { cause: new Error('db down', { cause: root }) }) },
        'failed',
      );
    });
    const line = JSON.parse(chunks.find((c) => c.includes('"failed"'))!);
    expect(line).toMatchObject({ trace_id: ids?.traceId, span_id: ids?.spanId, service: 'svc' });
    expect(line.err.message).toBe('trade not saved');
    expect(line.err.cause.message).toBe('db down');
    expect(line.err.cause.cause.message).toBe('connection refused');
  });
});
