import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as the collector received it (OTLP/HTTP JSON), with its service. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttributes = Array<{ key: string; value: OtlpValue }> | undefined;
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: OtlpAttributes;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttributes };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
}

const otlpValue = (v: OtlpValue): unknown => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const attributesOf = (list: OtlpAttributes): Record<string, unknown> =>
  Object.fromEntries((list ?? []).map((a) => [a.key, otlpValue(a.value)]));
/** The JSON encoding names ids in hex; base64 (the protobuf JSON mapping) is read too. */
const hexId = (id: string | undefined): string =>
  !id ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');

/**
 * A loopback OTLP/HTTP receiver for tests: POST /v1/traces with the JSON the OTLP/HTTP exporter
 * sends; every span is kept with the `service.name` of its resource.
 */
export async function startOtlpCollector() {
  const spans: CollectedSpan[] = [];
  let exports = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        exports++;
        for (const rs of body.resourceSpans ?? []) {
          const service = String(attributesOf(rs.resource?.attributes)['service.name'] ?? '');
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? [])
              spans.push({
                service,
                traceId: hexId(s.traceId),
                spanId: hexId(s.spanId),
                parentSpanId: hexId(s.parentSpanId),
                name: s.name,
                kind: s.kind,
                attributes: attributesOf(s.attributes),
              });
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch {
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    get exports() {
      return exports;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
