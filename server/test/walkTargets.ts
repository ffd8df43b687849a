/**
 * Where each step leads, written by hand from the spec (section 4 and issue 25), apart from the
 * machines: the walks take a path's states from the machine the server also runs, so a transition
 * pointing at the wrong state would otherwise look right on both sides whenever it moves the same
 * money (FAILED and REJECTED both release a disbursement's hold). null: the step keeps the status.
 */
export const PAYIN_TARGETS: Record<string, string | null> = {
  REFRESH_STATUS: null,
  PROVIDER_PAID: 'FINALIZED',
  PROVIDER_TIMEOUT: 'REQUEST_TIMEOUT',
  PROVIDER_EXPIRED: 'VA_EXPIRED',
  FINALIZE_MANUALLY: 'FINALIZED',
  RESEND_CALLBACK: null,
  ADD_TO_WITHDRAWABLE: null,
  GENERATE_INVOICE: null,
  SETTLE: 'SETTLED',
};

export const DISBURSEMENT_TARGETS: Record<string, string | null> = {
  PROVIDER_ACCEPTED: 'PENDING',
  PROVIDER_CONFIRMED: 'FINALIZED',
  PROVIDER_FAILED: 'FAILED',
  FINALIZE: 'FINALIZED',
  REJECT: 'REJECTED',
  VOID: 'VOIDED',
  REFRESH_STATUS: null,
  GENERATE_INVOICE: null,
  ADD_TO_WITHDRAWABLE: null,
};

export const WITHDRAWAL_TARGETS: Record<string, string | null> = { COMPLETE: 'COMPLETED', REJECT: 'REJECTED' };

export const APPROVAL_TARGETS: Record<string, string | null> = {
  APPROVE: 'APPROVED',
  DECLINE: 'DECLINED',
  CANCEL: 'CANCELLED',
  EXPIRE: 'EXPIRED',
};
