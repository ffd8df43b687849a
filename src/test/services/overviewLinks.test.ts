import { describe, expect, it } from 'vitest';
import {
  finalizedPayinsLink,
  overviewLinks,
  pendingApprovalsLink,
  pendingDisbursementsLink,
  pendingWithdrawalsLink,
  settlementLink,
} from '../../services/overviewLinks';
import { listQueryIssue, type ListId } from '../../services/savedViewRules';
import type { UserTypeName } from '../../services/schemas';

/** Issue 29: each overview tile opens its list already filtered; the addresses written out by hand. */
describe('overview links', () => {
  it('each target is its list page with the filter the tile counts', () => {
    // Issue 45: both waiting statuses, from the day the Overview names (before it is read, the list's default window).
    expect(pendingDisbursementsLink()).toBe('/dashboard/disbursement/transactions?status=WAITING');
    expect(pendingDisbursementsLink({ since: '2026-11-01', today: '2026-11-26' })).toBe(
      '/dashboard/disbursement/transactions?status=WAITING&start=2026-11-01+00%3A00&end=2026-11-26+23%3A59',
    );
    // Issue 45: every client's (an empty client_filter is All clients).
    expect(pendingWithdrawalsLink()).toBe('/dashboard/balance?client_filter=&status=PENDING');
    expect(pendingWithdrawalsLink({ since: '2026-11-01', today: '2026-11-26' })).toBe(
      '/dashboard/balance?client_filter=&status=PENDING&start=2026-11-01+00%3A00&end=2026-11-26+23%3A59',
    );
    expect(pendingApprovalsLink()).toBe('/dashboard/approvals');
    expect(finalizedPayinsLink('today')).toBe('/dashboard/transactions?range=today&status=FINALIZED');
    expect(finalizedPayinsLink('yesterday')).toBe('/dashboard/transactions?range=yesterday&status=FINALIZED');
    expect(settlementLink()).toBe('/dashboard/settlement');
  });

  it("each query is one its list's page reads (the saved views' own rule)", () => {
    const queryOf = (link: string) => link.split('?')[1] ?? '';
    const lists: Array<[ListId, string]> = [
      ['disbursements', pendingDisbursementsLink()],
      ['disbursements', pendingDisbursementsLink({ since: '2026-11-01', today: '2026-11-26' })],
      ['withdrawals', pendingWithdrawalsLink()],
      ['withdrawals', pendingWithdrawalsLink({ since: '2026-11-01', today: '2026-11-26' })],
      ['transactions', finalizedPayinsLink('today')],
      ['transactions', finalizedPayinsLink('yesterday')],
    ];
    for (const [list, link] of lists) expect(listQueryIssue(list, queryOf(link)), link).toBeNull();
  });

  const user = (type: UserTypeName, modules: string[]) => ({ type, modules });

  it('a tile links only to a list the user holds', () => {
    expect(overviewLinks(user('CLIENT', ['overview', 'transactions', 'disbursement', 'disbursement-list']))).toEqual({
      today: '/dashboard/transactions?range=today&status=FINALIZED',
      yesterday: '/dashboard/transactions?range=yesterday&status=FINALIZED',
      withdrawals: null,
      disbursements: '/dashboard/disbursement/transactions?status=WAITING',
      approvals: null,
      settlement: null,
    });
    expect(overviewLinks(user('SUPER ADMIN', ['balance', 'approvals', 'settlement']))).toEqual({
      today: null,
      yesterday: null,
      withdrawals: '/dashboard/balance?client_filter=&status=PENDING',
      disbursements: null,
      approvals: '/dashboard/approvals',
      settlement: '/dashboard/settlement',
    });
    expect(Object.values(overviewLinks(null)).every((link) => link === null)).toBe(true);
  });

  it('Settlement is linked for a SUPER ADMIN or an AUDITOR only, as the menu shows it', () => {
    expect(overviewLinks(user('AUDITOR', ['settlement'])).settlement).toBe('/dashboard/settlement');
    expect(overviewLinks(user('ADMIN', ['settlement'])).settlement).toBeNull();
    expect(overviewLinks(user('CLIENT', ['settlement'])).settlement).toBeNull();
  });
});
