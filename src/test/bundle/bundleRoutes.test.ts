import { describe, expect, it } from 'vitest';
import { coverageProblems, ROUTES, routeFiles, type Manifest } from '../../../scripts/bundleRoutes';
import { pageTitles } from '../../views/pageTitles';

// The shape of dist/.vite/manifest.json, cut down: an entry, two lazy pages sharing a chunk, a lazy package.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_fluent.js'],
    dynamicImports: ['src/views/DashboardRoutes.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_fluent.js': { file: 'assets/fluent.js', imports: ['_react.js'] },
  '_table.js': { file: 'assets/table.js', imports: ['_fluent.js'], css: ['assets/table.css'] },
  'src/views/DashboardRoutes.tsx': {
    file: 'assets/DashboardRoutes.js',
    isDynamicEntry: true,
    imports: ['index.html', '_fluent.js'],
  },
  'src/views/withdrawals/PaymentsBalancePage.tsx': {
    file: 'assets/PaymentsBalancePage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_table.js'],
  },
  'src/views/workflows/WorkflowPage.tsx': {
    file: 'assets/WorkflowPage.js',
    isDynamicEntry: true,
    imports: ['_table.js'],
    dynamicImports: ['../../main/node_modules/elkjs/lib/elk.bundled.js'],
  },
  '../../main/node_modules/elkjs/lib/elk.bundled.js': { file: 'assets/elk.js', isDynamicEntry: true },
};

describe('what a route downloads', () => {
  it('is the entry and its static imports for the first screen, with their CSS, nothing lazy', () => {
    expect(routeFiles(manifest, { route: '/login', lazy: [] })).toEqual([
      'assets/index.js',
      'assets/index.css',
      'assets/react.js',
      'assets/fluent.js',
    ]);
  });

  it('adds each lazy chunk and what it imports, counting a shared chunk once', () => {
    const files = routeFiles(manifest, {
      route: '/dashboard/balance',
      lazy: ['src/views/DashboardRoutes.tsx', 'src/views/withdrawals/PaymentsBalancePage.tsx'],
    });
    expect(files).toEqual([
      'assets/index.js',
      'assets/index.css',
      'assets/react.js',
      'assets/fluent.js',
      'assets/DashboardRoutes.js',
      'assets/PaymentsBalancePage.js',
      'assets/table.js',
      'assets/table.css',
    ]);
  });

  it('finds a lazily loaded package by its node_modules path, wherever node_modules lives', () => {
    const files = routeFiles(manifest, {
      route: '/dashboard/workflows/:machine',
      lazy: ['src/views/workflows/WorkflowPage.tsx', 'node_modules/elkjs/lib/elk.bundled.js'],
    });
    expect(files).toContain('assets/elk.js');
  });
});

describe('the route table stays honest', () => {
  const complete = [
    {
      route: '/dashboard/balance',
      lazy: ['src/views/DashboardRoutes.tsx', 'src/views/withdrawals/PaymentsBalancePage.tsx'],
    },
    {
      route: '/dashboard/workflows/:machine',
      lazy: ['src/views/workflows/WorkflowPage.tsx', 'node_modules/elkjs/lib/elk.bundled.js'],
    },
  ];

  it("has no complaint when every lazy chunk is some route's", () => {
    expect(coverageProblems(manifest, complete)).toEqual([]);
  });

  it('names a lazy chunk no route opens (a page made lazy but left out of the report)', () => {
    expect(coverageProblems(manifest, complete.slice(0, 1))).toEqual([
      'src/views/workflows/WorkflowPage.tsx is loaded lazily but no route in scripts/bundleRoutes.ts opens it',
      '../../main/node_modules/elkjs/lib/elk.bundled.js is loaded lazily but no route in ' +
        'scripts/bundleRoutes.ts opens it',
    ]);
  });

  it('names a page that has no chunk of its own (imported statically again) or is not in the build', () => {
    const problems = coverageProblems(manifest, [
      ...complete,
      { route: '/x', lazy: ['_table.js', 'src/views/Gone.tsx'] },
    ]);
    expect(problems).toEqual([
      '/x: _table.js is not loaded lazily (no chunk of its own)',
      '/x: src/views/Gone.tsx is not in the build',
    ]);
  });

  it('has a row for every page the spec titles', () => {
    const rows = ROUTES.map((load) => load.route);
    expect(Object.keys(pageTitles).filter((path) => !rows.includes(path))).toEqual([]);
  });
});
