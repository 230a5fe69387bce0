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
  const access = new Map<string, Access>(table.map((r) => [`${r.method} ${r.path}`, r.access]));
  return (method: string, path: string): Access | undefined =>
    access.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
}

/** The methods the table lists for a path (for a 405's Allow header). */
export const methodsOf = (path: string, table: readonly RouteSpec[] = routes): Method[] =>
  table.filter((r) => r.path === path).map((r) => r.method);
