import { GATEWAY_PORT, type Infra, system } from '@acg/contracts';
import { gatewayModule } from '@acg/gateway';
import type { ServiceModule } from '@acg/platform';
import type { z } from 'zod';
import { GATEWAY_NEEDS } from './compose-check';
import { PROCESS_MEMORY_ENV } from './memory-env';
import { serviceModules } from './services';

/**
 * What each process of the distributed shape must be given in its environment, derived from the
 * one description of the system (system.ts) and from each module's own config schema: the
 * deployment checks (compose, Kubernetes) and the runtime-tree bench share it.
 */
export interface ProcessEnvSpec {
  name: string;
  port: number;
  needs: readonly Infra[];
  module: ServiceModule;
  /** Variables the config schema rejects when absent (no default, not optional). */
  required: string[];
  /** Every variable the config schema reads, and the process's memory settings. */
  known: string[];
  /** Memory settings this process must be given, with their values (memory-env.ts). */
  memory: Readonly<Record<string, string>>;
}

export const infraVariable: Record<Infra, string> = {
  postgres: 'DATABASE_URL',
  redis: 'REDIS_URL',
  nats: 'NATS_URL',
};

/** Keys of a config schema that must be set: parsing the key alone as undefined fails. */
export function requiredVariables(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
}

/** The gateway and every built service, with the variables each needs. */
export function processEnvSpecs(): ProcessEnvSpec[] {
  const specs: ProcessEnvSpec[] = [];
  const add = (name: string, port: number, needs: readonly Infra[], module: ServiceModule) => {
    const infra = needs.map((n) => infraVariable[n]);
    const memory = PROCESS_MEMORY_ENV[name] ?? {};
    const required = [
      ...new Set([...requiredVariables(module.configSchema), ...infra, ...Object.keys(memory)]),
    ];
    const known = [...Object.keys(module.configSchema.shape), ...Object.keys(memory)];
    specs.push({ name, port, needs, module, required, known, memory });
  };
  add('gateway', GATEWAY_PORT, GATEWAY_NEEDS, gatewayModule);
  for (const spec of Object.values(system).filter((s) => s.built)) {
    const module = serviceModules[spec.name];
    if (!module) throw new Error(`${spec.name} is built but has no module in deploy/runner/src/services.ts`);
    const needs: readonly Infra[] =
      spec.database && !spec.needs.includes('postgres') ? [...spec.needs, 'postgres'] : spec.needs;
    add(spec.name, spec.port, needs, module);
  }
  return specs;
}
