import {
  BookOpenRegular,
  CalendarCheckmarkRegular,
  ShieldCheckmarkRegular,
  DocumentSearchRegular,
  FlowchartRegular,
  HomeRegular,
  MoneyHandRegular,
  PeopleSettingsRegular,
  PlugConnectedRegular,
  ReceiptRegular,
  ScalesRegular,
  SettingsRegular,
  WalletRegular,
} from '@fluentui/react-icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactElement } from 'react';
import { itemPageParent } from '../services/navigation';
import { screens, type IconName, type PageId } from '../services/pages';

/**
 * What the browser adds to the page table (src/services/pages.ts): each page's view, by its id, and
 * each icon name's glyph. Every page is loaded when first opened: the first screen does not carry it
 * (issue 16's route-level splitting; `npm run bundle:report` sums what each route downloads).
 */
const pageViews: Record<PageId, LazyExoticComponent<ComponentType>> = {
  overview: lazy(() => import('./overview/OverviewPage').then((m) => ({ default: m.OverviewPage }))),
  transactions: lazy(() => import('./payins/PaymentsListPage').then((m) => ({ default: m.PaymentsListPage }))),
  callbacks: lazy(() => import('./callbacks/CallbacksPage').then((m) => ({ default: m.CallbacksPage }))),
  payin: lazy(() => import('./payins/PayinDetailPage').then((m) => ({ default: m.PayinDetailPage }))),
  'disbursement-list': lazy(() => import('./disbursement/DisbursementListPage')),
  'disbursement-account': lazy(() =>
    import('./disbursement/DisbursementAccountPage').then((m) => ({ default: m.DisbursementAccountPage })),
  ),
  'disbursement-master-balance': lazy(() =>
    import('./disbursement/MasterBalancePage').then((m) => ({ default: m.MasterBalancePage })),
  ),
  balance: lazy(() => import('./withdrawals/PaymentsBalancePage').then((m) => ({ default: m.PaymentsBalancePage }))),
  settlement: lazy(() => import('./settlement/SettlementPage').then((m) => ({ default: m.SettlementPage }))),
  'audit-log': lazy(() => import('./audit/AuditLogPage').then((m) => ({ default: m.AuditLogPage }))),
  ledger: lazy(() => import('./ledger/LedgerPage').then((m) => ({ default: m.LedgerPage }))),
  workflows: lazy(() => import('./workflows/WorkflowsPage').then((m) => ({ default: m.WorkflowsPage }))),
  approvals: lazy(() => import('./approvals/ApprovalsPage').then((m) => ({ default: m.ApprovalsPage }))),
  'management-user': lazy(() =>
    import('./management/UserManagementPage').then((m) => ({ default: m.UserManagementPage })),
  ),
  'management-role': lazy(() =>
    import('./management/RoleManagementPage').then((m) => ({ default: m.RoleManagementPage })),
  ),
  'settings-user': lazy(() => import('./UserSettingsPage').then((m) => ({ default: m.UserSettingsPage }))),
};

/** The item page of a page with item pages (`itemPages` in the table), given the item's id. */
const itemViews: Partial<Record<PageId, LazyExoticComponent<ComponentType<{ id: string }>>>> = {
  workflows: lazy(() => import('./workflows/WorkflowPage').then((m) => ({ default: m.WorkflowPage }))),
};

/** The view for a dashboard path (past the guard), or null where the table has none. */
export function pageViewAt(path: string): ReactElement | null {
  const screen = screens.find((s) => s.path === path);
  if (screen) {
    const View = pageViews[screen.id];
    return <View />;
  }
  const parent = itemPageParent(path);
  const list = screens.find((s) => s.path === parent);
  const Item = list && itemViews[list.id];
  return Item ? <Item id={decodeURIComponent(path.slice(list.path.length + 1))} /> : null;
}

const icons: Record<IconName, ReactElement> = {
  receipt: <ReceiptRegular />,
  plug: <PlugConnectedRegular />,
  wallet: <WalletRegular />,
  'money-hand': <MoneyHandRegular />,
  scales: <ScalesRegular />,
  'calendar-checkmark': <CalendarCheckmarkRegular />,
  'people-settings': <PeopleSettingsRegular />,
  settings: <SettingsRegular />,
  flowchart: <FlowchartRegular />,
  'document-search': <DocumentSearchRegular />,
  'checkmark-shield': <ShieldCheckmarkRegular />,
  'book-open': <BookOpenRegular />,
  home: <HomeRegular />,
};

export const moduleIcon = (name: string) => icons[name as IconName] ?? <SettingsRegular />;
