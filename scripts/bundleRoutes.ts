import { readdirSync } from 'node:fs';
import { pagePath, type PageId } from '../src/services/pages.ts';

/**
 * What each route of the web app downloads, worked out from Vite's build manifest
 * (dist/.vite/manifest.json): the entry chunk and its static imports, then the route's lazy chunks
 * (React.lazy pages) with theirs, each chunk's CSS included. Pure, so it is tested without a build.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteLoad {
  route: string;
  /** The lazy modules (manifest keys: source paths, or `node_modules/<path>` for a package) it opens, in order. */
  lazy: string[];
}

const DASHBOARD = 'src/views/DashboardRoutes.tsx';
const dashboard = (route: string, ...pages: string[]): RouteLoad => ({ route, lazy: [DASHBOARD, ...pages] });
/** A page of the page table (src/services/pages.ts) with the chunks src/views/pageViews.tsx loads for it. */
const page = (id: PageId, ...chunks: string[]) => dashboard(pagePath(id), ...chunks);

/**
 * Every route of src/views/App.tsx and DashboardRoutes.tsx; `bundle:report` fails when a lazy chunk is missing here.
 */
export const ROUTES: RouteLoad[] = [
  { route: '/login (and / )', lazy: [] },
  // Issue 48: Bahasa Indonesia loads as it is chosen: its catalog (one file per part of the product), the English one
  // it is matched against, the ids of the messages matched as patterns, and the parser that reads the catalog (the
  // app's formatter has none: vitePrecompiledMessages.ts).
  {
    route: '/login in Bahasa Indonesia',
    lazy: [
      'src/i18n/en.json',
      'src/i18n/said.json',
      'node_modules/@formatjs/icu-messageformat-parser/index.js',
      ...readdirSync(new URL('../src/i18n/id', import.meta.url))
        .filter((file) => file.endsWith('.json'))
        .map((file) => `src/i18n/id/${file}`),
    ],
  },
  page('settings-user', 'src/views/UserSettingsPage.tsx'),
  // The charts (@fluentui/react-charts) are their own chunk, loaded as the overview's chart cards show.
  page('overview', 'src/views/overview/OverviewPage.tsx', 'src/views/overview/OverviewCharts.tsx'),
  page('balance', 'src/views/withdrawals/PaymentsBalancePage.tsx'),
  page('transactions', 'src/views/payins/PaymentsListPage.tsx'),
  page('callbacks', 'src/views/callbacks/CallbacksPage.tsx'),
  page('payin', 'src/views/payins/PayinDetailPage.tsx'),
  page('disbursement-list', 'src/views/disbursement/DisbursementListPage.tsx'),
  page('disbursement-account', 'src/views/disbursement/DisbursementAccountPage.tsx'),
  page('disbursement-master-balance', 'src/views/disbursement/MasterBalancePage.tsx'),
  page('settlement', 'src/views/settlement/SettlementPage.tsx'),
  page('audit-log', 'src/views/audit/AuditLogPage.tsx'),
  page('ledger', 'src/views/ledger/LedgerPage.tsx'),
  page('approvals', 'src/views/approvals/ApprovalsPage.tsx'),
  page('workflows', 'src/views/workflows/WorkflowsPage.tsx'),
  // The chart is laid out by ELK, loaded as the page opens a machine's chart.
  dashboard(
    `${pagePath('workflows')}/:machine`,
    'src/views/workflows/WorkflowPage.tsx',
    'node_modules/elkjs/lib/elk.bundled.js',
  ),
  page('management-user', 'src/views/management/UserManagementPage.tsx'),
  page('management-role', 'src/views/management/RoleManagementPage.tsx'),
  dashboard('/dashboard/… (Coming soon pages)'),
  { route: '/work-order-detail', lazy: ['src/views/WorkOrderDetailPage.tsx'] },
];

/** The manifest key of a module: its source path, or for a package the key ending in its node_modules path. */
export function manifestKey(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  return Object.keys(manifest).find((key) => key === module || key.endsWith(`/${module}`));
}

/** The files (JS, then the CSS they bring) a route downloads, each once, entry first. */
export function routeFiles(manifest: Manifest, load: RouteLoad): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const module of load.lazy) {
    const key = manifestKey(manifest, module);
    if (!key) throw new Error(`${load.route}: ${module} is not in the build`);
    visit(key);
  }
  return [...new Set(files)];
}

/** What keeps the table honest: each listed page is a chunk of its own, and each lazy chunk is listed. */
export function coverageProblems(manifest: Manifest, routes: RouteLoad[]): string[] {
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const load of routes) {
    for (const module of load.lazy) {
      const key = manifestKey(manifest, module);
      if (!key) problems.push(`${load.route}: ${module} is not in the build`);
      else if (!manifest[key].isDynamicEntry)
        problems.push(`${load.route}: ${module} is not loaded lazily (no chunk of its own)`);
      else listed.add(key);
    }
  }
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isDynamicEntry && !listed.has(key))
      problems.push(`${key} is loaded lazily but no route in scripts/bundleRoutes.ts opens it`);
  }
  return problems;
}
