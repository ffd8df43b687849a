import { describe, expect, it } from 'vitest';
import { routeInputs } from '../../src/services/routeInputs.ts';
import { routes, type AccessRule } from '../../src/services/routes.ts';
import { DEMO_CALLBACK_PATH } from '../domain/callbacks.ts';
import { moduleCatalogue } from '../../src/services/pages.ts';
import { staffOnlyModules, superAdminModules } from '../domain/grants.ts';
import { routeTable } from '../http/routeTable.ts';

/**
 * The route table (src/services/routes.ts) names modules as plain strings: these checks keep them
 * in step with the page table's modules (src/services/pages.ts).
 */
const modulesOf = (rule: AccessRule) =>
  rule.kind === 'verified' ? [...(rule.module ? [rule.module] : []), ...(rule.anyModule ?? [])] : [];
const catalogueIds = new Set(moduleCatalogue.flatMap((m) => [m.id, ...(m.children ?? []).map((c) => c.id)]));
const entries = Object.entries(routes);

describe('the route table', () => {
  it('names only modules of the catalogue', () => {
    const unknown = entries.flatMap(([name, r]) =>
      modulesOf(r.access)
        .filter((m) => !catalogueIds.has(m))
        .map((m) => `${name}: ${m}`),
    );
    expect(unknown).toEqual([]);
  });

  it("keeps a SUPER ADMIN module's routes SUPER ADMIN only, and a staff module's routes staff only", () => {
    const loose = entries.flatMap(([name, { access }]) => {
      if (access.kind !== 'verified' || !access.module) return [];
      return [
        ...(superAdminModules.has(access.module) && !access.superAdminOnly ? [`${name}: not superAdminOnly`] : []),
        ...(staffOnlyModules.has(access.module) && !access.staffOnly && !access.superAdminOnly
          ? [`${name}: not staffOnly`]
          : []),
      ];
    });
    expect(loose).toEqual([]);
  });

  it('is the authorization table: one "METHOD path" key per route, with its rule', () => {
    expect(Object.keys(routeTable)).toHaveLength(entries.length);
    for (const [name, { method, path, access }] of entries) expect(routeTable[`${method} ${path}`], name).toBe(access);
  });

  it('registers the demo merchants at the callback URL the seed gives them', () => {
    expect(routes.demoMerchantCallback.path).toBe(`${DEMO_CALLBACK_PATH}/:clientId`);
  });

  it('gives a JSON body only to routes that take one, and a query only to GETs', () => {
    const misplaced = Object.entries(routeInputs).flatMap(([name, input]) => {
      const { method } = routes[name as keyof typeof routes];
      return [
        ...(input.query && method !== 'GET' ? [`${name}: query on ${method}`] : []),
        ...((input.body || input.multipart) && method === 'GET' ? [`${name}: body on GET`] : []),
      ];
    });
    expect(misplaced).toEqual([]);
  });
});
