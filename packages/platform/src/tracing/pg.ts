import { context, trace } from '@opentelemetry/api';
import pg from 'pg';
import { tracerOf } from './setup';
import { inSpan, SpanKind } from './spans';

/** The span's name: the statement's first word and the schema (`SELECT trades`), as the conventions suggest. */
const summaryOf = (text: string | undefined, schema: string): string =>
  `${(text ?? '').trimStart().split(/\s/, 1)[0]?.toUpperCase() || 'QUERY'} ${schema}`;

/**
 * The pool's client class with a span per query (rules §71): there is no instrumentation for
 * drizzle, and pg's needs a module-loading hook that neither tsx nor the bundled image runs, so the
 * platform's pool is given this subclass of pg.Client (pg-pool's `Client` option). A query is a
 * span only inside a traced piece of work (a request, an event), never a trace of its own (the
 * relay's sweeps, readiness checks). Callback and streamed (submittable) queries pass untraced.
 */
export function tracedPoolClient(schema: string): typeof pg.Client {
  const tracer = tracerOf(schema);
  return class TracedClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them all on
    override query(...args: any[]): any {
      const first = args[0];
      const plain =
        typeof args[args.length - 1] !== 'function' && !(first && typeof first.submit === 'function');
      if (!plain || !trace.getSpan(context.active())?.isRecording())
        return super.query.apply(this, args as never);
      const text: string | undefined = typeof first === 'string' ? first : first?.text;
      return inSpan(
        tracer,
        {
          name: summaryOf(text, schema),
          kind: SpanKind.CLIENT,
          childOnly: true,
          attributes: {
            'db.system.name': 'postgresql',
            'db.namespace': schema,
            'db.query.text': (text ?? '').slice(0, 2000),
          },
        },
        () => super.query.apply(this, args as never) as unknown as Promise<unknown>,
      );
    }
  };
}
