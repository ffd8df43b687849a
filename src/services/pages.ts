import { msg } from '../i18n/msg';
import type { ModuleItem } from './schemas';

/**
 * The one page table: every dashboard page and menu entry, with the module id a role grants for it.
 * The server seeds its modules (and so the menu and `allowed_paths`) from it; the browser derives
 * the routes, the tab titles, the headings and the guard's item pages from it. A page's view and
 * its icon's glyph are the browser's (src/views/pageViews.tsx, by the same ids and icon names).
 * Titles are English messages (issue 48): whoever shows one says it with `said()` / `useSaid()`.
 */
export interface PageEntry {
  /** The module id a role grants. */
  id: string;
  /** The menu's name. */
  title: string;
  /** The page's own name (tab title, heading) where the spec names it apart from the menu. */
  pageTitle?: string;
  path: string;
  /** Always granted with its parent (the role form keeps it on). */
  isRequired?: boolean;
  /** Has one sub-page per item (`/dashboard/workflows/payin`), allowed wherever the list is. */
  itemPages?: boolean;
  /**
   * A page that comes with another module's grant and is never granted itself: its calls are that module's
   * (the Callbacks page is the Payments List's callbacks), so whoever holds the one holds the other.
   */
  grantedWith?: string;
}

/** A menu entry: a page, or a group whose own path only leads to its first child. */
export interface MenuEntry extends PageEntry {
  icon: string;
  children?: readonly PageEntry[];
}

const catalogue = [
  // Issue 29: first in the menu, but not where sign-in lands (navigation.ts landingPath skips it, as the spec says).
  {
    id: 'overview',
    title: msg({ defaultMessage: 'Overview', id: 'GOHIi2', description: 'menu' }),
    path: '/dashboard/overview',
    icon: 'home',
  },
  {
    id: 'transactions',
    title: msg({ defaultMessage: 'Payments List', id: 'rV+gva', description: 'menu' }),
    path: '/dashboard/transactions',
    icon: 'receipt',
  },
  {
    id: 'callbacks',
    title: msg({ defaultMessage: 'Callbacks', id: 'D9zHtt', description: 'menu' }),
    path: '/dashboard/callbacks',
    icon: 'plug',
    grantedWith: 'transactions',
  },
  {
    id: 'payin',
    title: msg({ defaultMessage: 'Payin Detail', id: '8u7k1i', description: 'menu' }),
    pageTitle: msg({ defaultMessage: 'Disbursement Accounts', id: 'TjBlbK', description: 'page heading' }),
    path: '/dashboard/payin',
    icon: 'wallet',
  },
  {
    id: 'disbursement',
    title: msg({ defaultMessage: 'Disbursement', id: 'u8SZhA', description: 'menu' }),
    path: '/dashboard/disbursement',
    icon: 'money-hand',
    children: [
      {
        id: 'disbursement-list',
        title: msg({ defaultMessage: 'List', id: 'lBfI2t', description: 'menu' }),
        pageTitle: msg({ defaultMessage: 'Disbursement List', id: 'tWLTrb', description: 'page heading' }),
        path: '/dashboard/disbursement/transactions',
        isRequired: true,
      },
      {
        id: 'disbursement-account',
        title: msg({ defaultMessage: 'Account', id: 'bPwyq4', description: 'menu' }),
        pageTitle: msg({ defaultMessage: 'Disbursement Account', id: 'SkL2qf', description: 'page heading' }),
        path: '/dashboard/disbursement/account',
      },
      {
        id: 'disbursement-master-balance',
        title: msg({ defaultMessage: 'Master Balance', id: 'a7EU0h', description: 'menu' }),
        pageTitle: msg({ defaultMessage: 'Master Disbursement Balance', id: 'aSU6Xc', description: 'page heading' }),
        path: '/dashboard/disbursement/master-balance',
      },
    ],
  },
  {
    id: 'balance',
    title: msg({ defaultMessage: 'Payments Balance', id: '7g2y7O', description: 'menu' }),
    path: '/dashboard/balance',
    icon: 'scales',
  },
  {
    id: 'settlement',
    title: msg({ defaultMessage: 'Settlement', id: 'EguTDX', description: 'menu' }),
    path: '/dashboard/settlement',
    icon: 'calendar-checkmark',
  },
  {
    id: 'audit-log',
    title: msg({ defaultMessage: 'Audit Log', id: 'xqZqxP', description: 'menu' }),
    path: '/dashboard/audit-log',
    icon: 'document-search',
  },
  {
    id: 'ledger',
    title: msg({ defaultMessage: 'Ledger', id: 'p+dCOQ', description: 'menu' }),
    path: '/dashboard/ledger',
    icon: 'book-open',
  },
  {
    id: 'workflows',
    title: msg({ defaultMessage: 'Workflows', id: 'RUJcFf', description: 'menu' }),
    path: '/dashboard/workflows',
    icon: 'flowchart',
    itemPages: true,
  },
  {
    id: 'approvals',
    title: msg({ defaultMessage: 'Approvals', id: 'XtBxkn', description: 'menu' }),
    path: '/dashboard/approvals',
    icon: 'checkmark-shield',
  },
  {
    id: 'management',
    title: msg({ defaultMessage: 'Management', id: 'AXOp41', description: 'menu' }),
    path: '/dashboard/management',
    icon: 'people-settings',
    children: [
      {
        id: 'management-user',
        title: msg({ defaultMessage: 'User', id: '5ORE+3', description: 'menu' }),
        pageTitle: msg({ defaultMessage: 'User Management', id: 'JUVTn3', description: 'page heading' }),
        path: '/dashboard/management/user',
        isRequired: true,
      },
      {
        id: 'management-role',
        title: msg({ defaultMessage: 'Role', id: 'vBmbq1', description: 'menu' }),
        pageTitle: msg({ defaultMessage: 'Role Management', id: 'HpmMPu', description: 'page heading' }),
        path: '/dashboard/management/role',
      },
    ],
  },
  {
    id: 'settings',
    title: msg({ defaultMessage: 'Settings', id: '9Q6qkK', description: 'menu' }),
    path: '/dashboard/settings',
    icon: 'settings',
    children: [
      {
        id: 'settings-user',
        title: msg({ defaultMessage: 'User Settings', id: '40lJJK', description: 'menu' }),
        path: '/dashboard/settings/user',
        isRequired: true,
      },
    ],
  },
] as const satisfies readonly MenuEntry[];

type Entry = (typeof catalogue)[number];
type Group = Extract<Entry, { children: readonly unknown[] }>;
/** The icon names the menu uses (the browser draws each: src/views/pageViews.tsx). */
export type IconName = Entry['icon'];
/** The menu's own entries (groups and pages). */
export type MenuId = Entry['id'];
/** Every module id: menu entries and their children. */
export type ModuleId = Entry['id'] | Group['children'][number]['id'];
/** The ids of the pages themselves (a group's own path only redirects). */
export type PageId = Exclude<ModuleId, Group['id']>;

/** The module catalogue, in menu order; a role grants module ids from it (its `grantedWith` pages aside). */
export const moduleCatalogue: readonly MenuEntry[] = catalogue;

/** Every entry, each group followed by its children (the modules' sort order). */
export const allEntries: readonly PageEntry[] = moduleCatalogue.flatMap((m) => [m, ...(m.children ?? [])]);
/** The module ids a role may grant. */
export const moduleIds: readonly string[] = allEntries.filter((m) => !m.grantedWith).map((m) => m.id);

/** The pages that come with another module's grant (`grantedWith`): no role grants them, none offers them. */
export const companionPages: readonly PageEntry[] = allEntries.filter((m) => m.grantedWith);
export const isCompanionPage = (id: string) => companionPages.some((m) => m.id === id);

/** The companion pages a holder of `moduleIds` holds with them. */
export const companionsOf = (moduleIds: readonly string[]): readonly PageEntry[] =>
  companionPages.filter((m) => moduleIds.includes(m.grantedWith!));

export interface Screen {
  id: PageId;
  path: string;
  title: string;
  itemPages: boolean;
}

/** The pages, by the names they show (tab title and heading). */
export const screens: readonly Screen[] = moduleCatalogue
  .flatMap((m) => m.children ?? [m])
  .map((p) => ({
    id: p.id as PageId,
    path: p.path,
    title: p.pageTitle ?? p.title,
    itemPages: p.itemPages ?? false,
  }));

const entryOf = (id: ModuleId) => allEntries.find((m) => m.id === id)!;
export const pagePath = (id: ModuleId): string => entryOf(id).path;
export const pageTitle = (id: PageId): string => screens.find((s) => s.id === id)!.title;

/** The one page open before the OTP step. */
export const SETTINGS_PATH = pagePath('settings-user');

/** Groups' own paths: each redirects to its first child the user holds. */
export const GROUP_PATHS: readonly string[] = moduleCatalogue.filter((m) => m.children).map((m) => m.path);

/** Pages with one sub-page per item: allowed wherever their list is. */
export const ITEM_PAGE_PARENTS: readonly string[] = screens.filter((s) => s.itemPages).map((s) => s.path);

/** An entry as the options API sends it (the browser's menu before the server's modules exist). */
export function moduleItem(id: MenuId): ModuleItem {
  const m = moduleCatalogue.find((e) => e.id === id)!;
  return {
    id: m.id,
    title: m.title,
    path: m.path,
    icon: m.icon,
    is_required: m.isRequired ?? false,
    children: (m.children ?? []).map((c) => ({
      id: c.id,
      title: c.title,
      path: c.path,
      is_required: c.isRequired ?? false,
    })),
  };
}
