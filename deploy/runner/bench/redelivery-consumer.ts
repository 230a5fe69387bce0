/**
 * A helper process of rolling-restart.ts: one consumer of the durable `bench-redelivery` on the
 * platform's NATS bus (the same consumer code every service runs), stopped the way a service is
 * stopped (SIGTERM: bus.drain(), which waits SHUTDOWN_DRAIN_MS for the handler in flight and then
 * hands its message back). Prints one JSON line per delivery: {"got": id, "deliveryCount": n}.
 *
 *   NATS_URL=... BUS_NAMESPACE=... HANDLER_MS=60000 pnpm exec tsx deploy/runner/bench/redelivery-consumer.ts
 *
 * HANDLER_MS: how long each delivery's handler runs (a long one is "mid-delivery" when killed).
 */
import { connectBus, createLogger } from '@acg/platform';

const logger = createLogger('redelivery-consumer', process.env.LOG_LEVEL ?? 'warn');
const handlerMs = Number(process.env.HANDLER_MS ?? 0);
const bus = await connectBus({
  natsUrl: process.env.NATS_URL,
  namespace: process.env.BUS_NAMESPACE,
  name: 'redelivery-consumer',
  logger,
  drainMs: Number(process.env.SHUTDOWN_DRAIN_MS ?? 5000),
});
await bus.consume({
  durable: 'bench-redelivery',
  types: ['bench.probed'],
  handler: async (event, { deliveryCount }) => {
    process.stdout.write(`${JSON.stringify({ got: event.id, deliveryCount })}\n`);
    if (handlerMs > 0) await new Promise((resolve) => setTimeout(resolve, handlerMs));
  },
});
process.stdout.write(`${JSON.stringify({ consuming: true })}\n`);
process.once('SIGTERM', () => {
  void bus.drain().finally(() => process.exit(0));
});
