import { type Access, type Method, type RouteSpec, routes, type ServiceName } from '@acg/contracts';

/** One proxy registration: every path a service owns, with the methods the table uses on them. */
export interface ServiceRoutes {
  service: ServiceName;
  paths: string[];
  methods: Method[];
}

/**
 * Groups the route table by owning service. Routes are registered as exact paths (not
 * prefixes), so the router itself picks /api/anime (catalogue) over /api/anime/search and
 * /api/anime/:animeId/details (anime-search) by its static-over-parameter rule, whatever the
 * registration order. A path owned by two services could not be routed and fails at start.
 */
export function routesByService(table: readonly RouteSpec[] = routes): ServiceRoutes[] {
  const owner = new Map<string, ServiceName>();
  const groups = new Map<ServiceName, { paths: Set<string>; methods: Set<Method> }>();
  for (const route of table) {
    // The gateway answers its own routes (the live event stream); nothing to forward.
    if (route.service === 'gateway') continue;
    const known = owner.get(route.path);
    if (known && known !== route.service) {
      throw new Error(`route table: ${route.path} is owned by both ${known} and ${route.service}`);
    }
    owner.set(route.path, route.service);
    const group = groups.get(route.service) ?? { paths: new Set(), methods: new Set() };
    group.paths.add(route.path);
    group.methods.add(route.method);
    groups.set(route.service, group);
  }
  return [...groups].map(([service, group]) => ({
    service,
    paths: [...group.paths],
    methods: [...group.methods],
  }));
}

/** The access rule of a method on a registered path; undefined when the table does not list it. */
export function createAccessLookup(table: readonly RouteSpec[] = routes) {
  const routeOf = createRouteLookup(table);
  return (method: string, path: string): Access | undefined => routeOf(method, path)?.access;
}

/** The route-table entry of a method on a registered path; undefined when the table does not list it. */
export function createRouteLookup(table: readonly RouteSpec[] = routes) {
  const byKey = new Map<string, RouteSpec>(table.map((r) => [`${r.method} ${r.path}`, r]));
  return (method: string, path: string): RouteSpec | undefined =>
    byKey.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
}

/** The methods the table lists for a path (for a 405's Allow header; GET brings HEAD). */
export const methodsOf = (path: string, table: readonly RouteSpec[] = routes): string[] =>
  table
    .filter((r) => r.path === path)
    .flatMap((r): string[] => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]));

/** Every method a proxied path is registered for, so the gate answers 405 for the unlisted ones. */
export const PROXIED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
