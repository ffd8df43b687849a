import type { RouteName } from './routes';
import type { RouteOutput } from './routeOutput';

/** The answers of the money routes: balances, pay-ins, disbursements, settlement, reconciliation. */
export const moneyRouteOutputs = {} satisfies Partial<Record<RouteName, RouteOutput>>;
