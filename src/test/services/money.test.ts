import { describe, expect, it } from 'vitest';
import { formatRupiah } from '../../services/money';
import {
  bankAccountIssues,
  halfAmount,
  otpIssue,
  withdrawalAmountIssue,
  withdrawalErrors,
} from '../../services/withdrawalRules';

describe('amounts', () => {
  it("are shown as 'Rp. 1,250,000'", () => {
    expect(formatRupiah(1_250_000)).toBe('Rp. 1,250,000');
    expect(formatRupiah(0)).toBe('Rp. 0');
    expect(formatRupiah(-5_000)).toBe('-Rp. 5,000');
  });

  it('halve to the nearest 10,000', () => {
    expect(halfAmount(1_234_567)).toBe(620_000);
    expect(halfAmount(25_000)).toBe(20_000);
  });
});

describe('withdrawal rules', () => {
  const form = { bankName: 'BCA', accountNo: '123', beneficiary: 'Budi', clientId: 1, amount: 50_000, otp: '123456' };
  it('pass a complete form and name the maximum when the amount exceeds it', () => {
    expect(withdrawalErrors(form, 100_000, { transfer: false })).toEqual([]);
    expect(withdrawalErrors({ ...form, amount: 150_000 }, 100_000, { transfer: false })).toEqual([
      'Amount must not exceed Rp. 100,000',
    ]);
  });

  it('ask nothing of bank fields for a transfer to disburse', () => {
    expect(
      withdrawalErrors({ ...form, bankName: '', accountNo: '', beneficiary: '' }, 100_000, { transfer: true }),
    ).toEqual([]);
  });

  it('judge each part on its own data, with the texts the form lists', () => {
    expect(withdrawalAmountIssue(null)).toBe('Amount is required');
    expect(withdrawalAmountIssue(10_000)).toBe('Amount must be at least Rp. 20,000');
    // Without a balance only the amount itself is judged; with one, the amount against it.
    expect(withdrawalAmountIssue(5_000_000)).toBeNull();
    expect(withdrawalAmountIssue(5_000_000, 100_000)).toBe('Amount must not exceed Rp. 100,000');
    expect(bankAccountIssues(' ', '12a', '')).toEqual([
      'Bank Name is required',
      'Account Number must contain digits only',
      'Beneficary Account Name is required',
    ]);
    expect(otpIssue('')).toBe('OTP is required');
    expect(otpIssue('12345')).toBe('OTP must be 6 digits');
    expect(otpIssue('123456')).toBeNull();
  });
});
