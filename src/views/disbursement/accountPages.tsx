import { lazy, type ReactElement } from 'react';
import { PageSuspense } from '../common/PageSuspense';

// Each screen is its own chunk: the first screen a user opens does not download these.
const pages: Record<string, ReturnType<typeof lazy>> = {
  '/dashboard/payin': lazy(() => import('./PayinDetailPage').then((m) => ({ default: m.PayinDetailPage }))),
  '/dashboard/disbursement/account': lazy(() => import('./DisbursementAccountPage').then((m) => ({ default: m.DisbursementAccountPage }))),
  '/dashboard/disbursement/master-balance': lazy(() => import('./MasterBalancePage').then((m) => ({ default: m.MasterBalancePage }))),
};

/** Payin Detail, Disbursement Account and Master Disbursement Balance, by path; null for any other path. */
export function accountPageFor(path: string): ReactElement | null {
  const Page = pages[path];
  return Page ? <PageSuspense key={path}><Page /></PageSuspense> : null;
}
