import type { Bus } from '../bus/types';
import { tracerOf, tracingOn } from './setup';
import { inSpan, inSpanSync, SpanKind, type Tracer } from './spans';

/**
 * A service's view of the bus with its spans (rules §71): a client span per request, a server span
 * per request served, a producer span per event published, a consumer span per event handled or
 * heard. The buses themselves carry the trace (NATS headers; beside the event in memory) and run
 * handlers in the trace they received; this view names the spans after the service that owns
 * them, so in the embedded runner's one bus each service's spans are still its own.
 */
export function tracedBus<B extends Bus>(bus: B, service: string): B {
  if (!tracingOn()) return bus;
  const tracer: Tracer = tracerOf(service);
  const messaging = (operation: string, destination: string) => ({
    'messaging.system': bus.kind === 'nats' ? 'nats' : 'in-process',
    'messaging.operation.type': operation,
    'messaging.destination.name': destination,
  });
  const traced: Bus = {
    ...bus,
    request: (def, data, opts) =>
      inSpan(
        tracer,
        { name: `${def.subject} request`, kind: SpanKind.CLIENT, attributes: messaging('send', def.subject) },
        () => bus.request(def, data, opts),
      ),
    serve: (def, handler) =>
      bus.serve(def, (data, ctx) =>
        inSpan(
          tracer,
          {
            name: `${def.subject} serve`,
            kind: SpanKind.SERVER,
            attributes: messaging('process', def.subject),
          },
          () => handler(data, ctx),
        ),
      ),
    publish: (event) =>
      inSpan(
        tracer,
        {
          name: `${event.type} publish`,
          kind: SpanKind.PRODUCER,
          attributes: { ...messaging('send', `events.${event.type}`), 'messaging.message.id': event.id },
        },
        () => bus.publish(event),
      ),
    consume: (opts) =>
      bus.consume({
        ...opts,
        handler: (event, ctx) =>
          inSpan(
            tracer,
            {
              name: `${event.type} process`,
              kind: SpanKind.CONSUMER,
              attributes: {
                ...messaging('process', `events.${event.type}`),
                'messaging.consumer.group.name': opts.durable,
                'messaging.message.id': event.id,
                'messaging.message.delivery_count': ctx.deliveryCount,
              },
            },
            () => opts.handler(event, ctx),
          ),
      }),
    listen: (opts) =>
      bus.listen({
        ...opts,
        handler: (event) =>
          inSpanSync(
            tracer,
            {
              name: `${event.type} hear`,
              kind: SpanKind.CONSUMER,
              attributes: {
                ...messaging('receive', `events.${event.type}`),
                'messaging.message.id': event.id,
              },
            },
            () => opts.handler(event),
          ),
      }),
  };
  return { ...bus, ...traced };
}
