import { context, trace } from '@opentelemetry/api';
import type { Redis } from 'ioredis';
import { tracerOf, tracingOn } from './setup';
import { failSpan, SpanKind } from './spans';

/**
 * A span per Redis command (rules §71), made where every ioredis command passes (`sendCommand`),
 * as ioredis has no hook of its own; only inside a traced piece of work, like database queries.
 * Arguments are never recorded (keys and values may be sessions).
 */
export function traceRedis(redis: Redis, service: string): void {
  if (!tracingOn()) return;
  const tracer = tracerOf(service);
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command, stream) => {
    const parent = context.active();
    if (!trace.getSpan(parent)?.isRecording()) return send(command, stream);
    const span = tracer.startSpan(
      command.name.toUpperCase(),
      {
        kind: SpanKind.CLIENT,
        attributes: { 'db.system.name': 'redis', 'db.operation.name': command.name.toUpperCase() },
      },
      parent,
    );
    const result = send(command, stream);
    command.promise.then(
      () => span.end(),
      (err: unknown) => {
        failSpan(span, err);
        span.end();
      },
    );
    return result;
  }) as Redis['sendCommand'];
}
