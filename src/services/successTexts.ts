import type { ApprovalDecision } from './approvalRules';

/**
 * The success texts both sides say, per action: the route answers with one as the envelope's
 * `message`, and the page machine shows the same one itself (or falls back to it when an answer
 * carries none). One home, so the two can never drift apart. The texts are the product spec's,
 * verbatim. Texts only the server says stay beside its route or domain.
 */

/** Any file handed back in the response (the pay-in, disbursement and audit exports, a settlement report). */
export const FILE_DOWNLOADED = 'File downloaded successfully';

/** Two-factor set up and verified: the session ends, so the user signs in again with it. */
export const OTP_VERIFIED = 'OTP has been validated. You will be redirected to login page to reconfirm.';
export const OTP_DISABLED = 'OTP has been disabled.';
/** Issue 44: signed in with a recovery code; User Settings says it until a new authenticator is set up. */
export const RECOVERY_CODE_SIGN_IN = 'You signed in with a recovery code. Set up a new authenticator.';
export const RECOVERY_CODES_CREATED = 'New recovery codes have been created. The old ones no longer work.';

export const DISBURSEMENT_FINALIZED = 'Disbursement has been finalized';
export const DISBURSEMENT_REJECTED = 'Disbursement has been rejected';
/** A SUPER ADMIN's disbursement decision, as the API words it (finalize is sent as COMPLETED). */
export const disbursementDecidedMessage = (decision: 'COMPLETED' | 'REJECTED') =>
  decision === 'COMPLETED' ? DISBURSEMENT_FINALIZED : DISBURSEMENT_REJECTED;

export const WITHDRAWAL_SUBMITTED =
  'Withdraw Request has been submitted successfully. Please wait a maximum of 48 hours for the request to ' +
  'be processed.';

/** A user or role created or edited on the Management pages. */
export const savedMessage = (noun: 'User' | 'Role', name: string, mode: 'create' | 'edit') =>
  `${noun} ${name} has been successfully ${mode === 'create' ? 'created' : 'updated'}`;
export const AUTHENTICATOR_RESET = 'Authenticator has been reset successfully.';

export const APPROVAL_POLICY_SAVED = 'Approval policy has been saved';
export const approvalDecidedMessage = (decision: ApprovalDecision) =>
  ({
    APPROVE: 'The change has been approved and applied',
    DECLINE: 'The change has been declined',
    CANCEL: 'The change has been cancelled',
  })[decision];
