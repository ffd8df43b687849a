import { describe, expect, it } from 'vitest';
import { guardDashboardPath, landingPath, visibleModules } from '../../services/navigation';
import type { CurrentUser, ModuleItem } from '../../services/schemas';
import { makeUser } from '../fixtures';

const m = (id: string, path: string, children: ModuleItem['children'] = []): ModuleItem => ({
  id,
  title: id,
  path,
  icon: 'i',
  is_required: false,
  children,
});
const catalogue: ModuleItem[] = [
  m('transactions', '/dashboard/transactions'),
  m('disbursement', '/dashboard/disbursement', [
    { id: 'disbursement-list', title: 'List', path: '/dashboard/disbursement/transactions', is_required: true },
    { id: 'disbursement-account', title: 'Account', path: '/dashboard/disbursement/account', is_required: false },
  ]),
  m('settlement', '/dashboard/settlement'),
  m('management', '/dashboard/management', [
    { id: 'management-user', title: 'User', path: '/dashboard/management/user', is_required: true },
  ]),
];

const user = (over: Partial<CurrentUser>) => makeUser({ otp_verified: true, ...over });

describe('sidebar modules', () => {
  it('keeps only modules and children whose ids the user holds', () => {
    const shown = visibleModules(catalogue, user({ modules: ['disbursement', 'disbursement-account'] }));
    expect(shown.map((x) => x.id)).toEqual(['disbursement']);
    expect(shown[0].children.map((c) => c.id)).toEqual(['disbursement-account']);
  });

  it('shows Settlement to SUPER ADMIN only, whatever the role holds; Management to whoever the role grants it', () => {
    const ids = ['settlement', 'management', 'management-user', 'transactions'];
    expect(visibleModules(catalogue, user({ type: 'ADMIN', modules: ids })).map((x) => x.id)).toEqual([
      'transactions',
      'management',
    ]);
    expect(visibleModules(catalogue, user({ type: 'SUPER ADMIN', modules: ids })).map((x) => x.id)).toEqual([
      'transactions',
      'settlement',
      'management',
    ]);
  });
});

describe('landing path', () => {
  it('is the first allowed module, or its first child', () => {
    expect(
      landingPath(visibleModules(catalogue, user({ modules: ['transactions', 'disbursement', 'disbursement-list'] }))),
    ).toBe('/dashboard/transactions');
    expect(landingPath(visibleModules(catalogue, user({ modules: ['disbursement', 'disbursement-account'] })))).toBe(
      '/dashboard/disbursement/account',
    );
  });
});

describe('route guard', () => {
  it('sends a signed-out visitor to /login', () => {
    expect(guardDashboardPath('/dashboard/transactions', null)).toEqual({ allow: false, redirect: '/login' });
  });

  it('lets a user without a verified OTP reach user settings only', () => {
    const u = user({ otp_verified: false, allowed_paths: ['/dashboard/transactions'] });
    expect(guardDashboardPath('/dashboard/settings/user/', u)).toEqual({ allow: true });
    expect(guardDashboardPath('/dashboard/transactions', u)).toEqual({
      allow: false,
      redirect: '/dashboard/settings/user',
    });
  });

  it('allows a path in allowed_paths, trailing slash removed, and sends anything else to /404', () => {
    const u = user({ allowed_paths: ['/dashboard/balance'] });
    expect(guardDashboardPath('/dashboard/balance/', u)).toEqual({ allow: true });
    expect(guardDashboardPath('/dashboard/settlement', u)).toEqual({ allow: false, redirect: '/404' });
  });

  it('allows a workflow page wherever the Workflows list is allowed, and no deeper path', () => {
    const u = user({ allowed_paths: ['/dashboard/workflows'] });
    expect(guardDashboardPath('/dashboard/workflows', u)).toEqual({ allow: true });
    expect(guardDashboardPath('/dashboard/workflows/payin', u)).toEqual({ allow: true });
    expect(guardDashboardPath('/dashboard/workflows/payin/x', u)).toEqual({ allow: false, redirect: '/404' });
    expect(guardDashboardPath('/dashboard/workflows/payin', user({ allowed_paths: ['/dashboard/balance'] }))).toEqual({
      allow: false,
      redirect: '/404',
    });
  });
});
