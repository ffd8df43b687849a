import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { DocumentTitle } from '../../views/DocumentTitle';

/** The browser tab's title, as the shell sets it for the route it is on. */
function openAt(path: string) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <DocumentTitle />
    </Router>,
  );
  return location;
}

describe("the tab's title", () => {
  it.each([
    ['/dashboard/transactions', 'Payments List · Nusa Payments Back Office'],
    ['/dashboard/payin', 'Disbursement Accounts · Nusa Payments Back Office'],
    ['/dashboard/disbursement/transactions', 'Disbursement List · Nusa Payments Back Office'],
    ['/dashboard/disbursement/account', 'Disbursement Account · Nusa Payments Back Office'],
    ['/dashboard/disbursement/master-balance', 'Master Disbursement Balance · Nusa Payments Back Office'],
    ['/dashboard/balance', 'Payments Balance · Nusa Payments Back Office'],
    ['/dashboard/settlement', 'Settlement · Nusa Payments Back Office'],
    ['/dashboard/audit-log', 'Audit Log · Nusa Payments Back Office'],
    ['/dashboard/approvals', 'Approvals · Nusa Payments Back Office'],
    ['/dashboard/workflows', 'Workflows · Nusa Payments Back Office'],
    ['/dashboard/workflows/disbursement', 'Workflows · Nusa Payments Back Office'],
    ['/dashboard/management/user', 'User Management · Nusa Payments Back Office'],
    ['/dashboard/management/role/', 'Role Management · Nusa Payments Back Office'],
    ['/dashboard/settings/user', 'User Settings · Nusa Payments Back Office'],
    ['/login', 'Sign In · Nusa Payments Back Office'],
    ['/work-order-detail', 'Work Order · Nusa Payments Back Office'],
    ['/404', '404 Not Found · Nusa Payments Back Office'],
    ['/no-such-page', '404 Not Found · Nusa Payments Back Office'],
    // Redirected at once: the product's name alone until the page it lands on names itself.
    ['/dashboard', 'Nusa Payments Back Office'],
  ])('on %s is %s', (path, title) => {
    openAt(path);
    expect(document.title).toBe(title);
  });

  it('follows the route as the user moves on', () => {
    const location = openAt('/dashboard/transactions');
    expect(document.title).toBe('Payments List · Nusa Payments Back Office');
    act(() => location.navigate('/dashboard/disbursement/transactions'));
    expect(document.title).toBe('Disbursement List · Nusa Payments Back Office');
  });
});
