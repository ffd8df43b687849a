import { describe, expect, it } from 'vitest';
import { MANAGEMENT_MODULES, roleMayHold, roleModulesProblem } from '../../services/roleModuleRules';

describe('what a role of each type may hold (issue 28)', () => {
  it('refuses the management modules to a client role, naming them by their page titles', () => {
    expect(roleModulesProblem('CLIENT', ['transactions', ...MANAGEMENT_MODULES])).toBe(
      'A client role cannot hold User Management, Role Management.',
    );
    expect(roleModulesProblem('CLIENT', ['management-role'])).toBe('A client role cannot hold Role Management.');
    // The group alone is named as the menu names it.
    expect(roleModulesProblem('CLIENT', ['management'])).toBe('A client role cannot hold Management.');
    expect(roleModulesProblem('CLIENT', ['transactions', 'balance', 'disbursement-list'])).toBeNull();
  });

  it('leaves staff roles free to hold them', () => {
    expect(roleModulesProblem('ADMIN', [...MANAGEMENT_MODULES])).toBeNull();
    expect(roleModulesProblem('SUPER ADMIN', [...MANAGEMENT_MODULES])).toBeNull();
    expect(MANAGEMENT_MODULES.every((id) => roleMayHold('ADMIN', id) && !roleMayHold('CLIENT', id))).toBe(true);
  });
});
