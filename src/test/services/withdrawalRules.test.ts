import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { WithdrawalHistoryQuery } from '../../services/listQuery';
import { AddWithdrawalBody, UpdateWithdrawalBody, WITHDRAWAL_STATUSES } from '../../services/withdrawalRules';

const common = { client_filter: 2, amount: 300_000, otp_num: '123456' };
const bank = { bank_name: 'BCA', account_no: '7100012345', bank_account_name: 'Budi Santoso', description: 'Rent' };

describe("AddWithdrawalBody: one schema, the browser's spelling and the spec's", () => {
  it("takes the browser's explicit mode", () => {
    expect(v.parse(AddWithdrawalBody, { type: 'transfer', ...common })).toEqual({ type: 'transfer', ...common });
    expect(v.parse(AddWithdrawalBody, { type: 'withdrawal', ...bank, ...common })).toEqual({
      type: 'withdrawal',
      ...bank,
      ...common,
    });
  });

  it("takes the spec's payload (section 7): '0', '0', 'None' is a transfer, any other account a withdrawal", () => {
    const specTransfer = {
      bank_name: '0',
      account_no: '0',
      bank_account_name: 'None',
      description: 'Request transfer to disburse balance.',
      ...common,
    };
    expect(v.parse(AddWithdrawalBody, specTransfer)).toEqual({ type: 'transfer', ...common });
    expect(v.parse(AddWithdrawalBody, { ...bank, ...common })).toEqual({ type: 'withdrawal', ...bank, ...common });
    // description stays optional, as the spec says.
    expect(
      v.parse(AddWithdrawalBody, { bank_name: 'BCA', account_no: '1', bank_account_name: 'B', ...common }),
    ).toMatchObject({ type: 'withdrawal', description: '' });
    // An explicit withdrawal is one, even to an account that looks like the placeholders.
    expect(
      v.parse(AddWithdrawalBody, {
        type: 'withdrawal',
        bank_name: '0',
        account_no: '0',
        bank_account_name: 'None',
        ...common,
      }),
    ).toMatchObject({ type: 'withdrawal' });
  });

  it('refuses a typed transfer that carries a bank account, and an unknown mode', () => {
    const refused = v.safeParse(AddWithdrawalBody, { type: 'transfer', ...bank, ...common });
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0].message).toBe('A transfer to disburse carries no bank account or remarks');
    expect(v.safeParse(AddWithdrawalBody, { type: 'gift', ...common }).issues?.[0].message).toBe(
      'type must be withdrawal or transfer',
    );
  });
});

describe('the withdrawal status list, written once', () => {
  it("is the spec's (section 9), and the history filter and the decision take exactly it", () => {
    expect(WITHDRAWAL_STATUSES).toEqual(['PENDING', 'COMPLETED', 'REJECTED']);
    const page = { page: '1', limit: '15' };
    for (const status of ['', ...WITHDRAWAL_STATUSES])
      expect(v.safeParse(WithdrawalHistoryQuery, { ...page, status }).success).toBe(true);
    expect(v.safeParse(WithdrawalHistoryQuery, { ...page, status: 'DONE' }).issues?.[0].message).toBe(
      'status must be PENDING, COMPLETED or REJECTED',
    );
    expect(
      v.safeParse(UpdateWithdrawalBody, { uuid: '6f1c8a4e-2b8e-4a53-9d47-3c1f0e9b7a21', status: 'PENDING' }).success,
    ).toBe(false);
  });
});
