import type { RouteOutput } from './routeOutput';
import { coreRouteOutputs } from './routeOutputsCore';
import { moneyRouteOutputs } from './routeOutputsMoney';
import type { RouteName } from './routes';

/**
 * What every route answers on success (issue 30): the server serializes with it, /api/docs shows it,
 * and the server tests check their traffic against it. A route without its answer does not compile.
 * Server-side only: the browser imports types from the rule files, never this table.
 */
export const routeOutputs = { ...coreRouteOutputs, ...moneyRouteOutputs } satisfies Record<RouteName, RouteOutput>;
