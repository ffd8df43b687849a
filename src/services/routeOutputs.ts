import type { RouteOutput } from './routeOutput';
import { coreRouteOutputs } from './routeOutputsCore';
import { moneyRouteOutputs } from './routeOutputsMoney';
import { routes, type RouteName } from './routes';

/**
 * Whether every route must declare its answer. `false` while the money routes' map is being filled
 * (routeOutputsMoney.ts); set to `true` then, and a route without its answer no longer compiles.
 */
type EveryRouteAnswered = false;
type RouteOutputTable = EveryRouteAnswered extends true
  ? Record<RouteName, RouteOutput>
  : Partial<Record<RouteName, RouteOutput>>;

/**
 * What every route answers on success (issue 30): the server serializes with it, /api/docs shows it,
 * and the server tests check their traffic against it. Server-side only: the browser imports types.
 */
export const routeOutputs: Partial<Record<RouteName, RouteOutput>> = {
  ...coreRouteOutputs,
  ...moneyRouteOutputs,
} satisfies RouteOutputTable;

/** The routes whose answer is not declared yet: their answers are neither serialized by schema nor checked. */
export const unansweredRoutes = (Object.keys(routes) as RouteName[]).filter((name) => !routeOutputs[name]);
