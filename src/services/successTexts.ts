import { msg } from '../i18n/msg';
import type { ApprovalDecision } from './approvalRules';

/**
 * The success texts both sides say, per action: the route answers with one as the envelope's
 * `message`, and the page machine shows the same one itself (or falls back to it when an answer
 * carries none). One home, so the two can never drift apart. The texts are the product spec's,
 * verbatim. Texts only the server says stay beside its route or domain.
 */

/** Any file handed back in the response (the pay-in, disbursement and audit exports, a settlement report). */
export const FILE_DOWNLOADED = msg({ defaultMessage: 'File downloaded successfully', id: 'griv1/' });

/** Two-factor set up and verified: the session ends, so the user signs in again with it. */
export const OTP_VERIFIED = msg({
  defaultMessage: 'OTP has been validated. You will be redirected to login page to reconfirm.',
  id: 'kxNwXl',
});
export const OTP_DISABLED = msg({ defaultMessage: 'OTP has been disabled.', id: 'WAO16/' });
/** Issue 44: signed in with a recovery code; User Settings says it until a new authenticator is set up. */
export const RECOVERY_CODE_SIGN_IN = msg({
  defaultMessage: 'You signed in with a recovery code. Set up a new authenticator.',
  id: 'KH+2dI',
});
export const RECOVERY_CODES_CREATED = msg({
  defaultMessage: 'New recovery codes have been created. The old ones no longer work.',
  id: 'KrFRBC',
});

export const DISBURSEMENT_FINALIZED = msg({ defaultMessage: 'Disbursement has been finalized', id: 'WNPgoi' });
export const DISBURSEMENT_REJECTED = msg({ defaultMessage: 'Disbursement has been rejected', id: 'r2cUTs' });
/** A SUPER ADMIN's disbursement decision, as the API words it (finalize is sent as COMPLETED). */
export const disbursementDecidedMessage = (decision: 'COMPLETED' | 'REJECTED') =>
  decision === 'COMPLETED' ? DISBURSEMENT_FINALIZED : DISBURSEMENT_REJECTED;

export const WITHDRAWAL_SUBMITTED = msg({
  defaultMessage:
    'Withdraw Request has been submitted successfully. Please wait a maximum of 48 hours for the request to be processed.',
  id: 'I+tw4N',
});

/** A user or role created or edited on the Management pages. */
export const savedMessage = (noun: 'User' | 'Role', name: string, mode: 'create' | 'edit') => {
  if (noun === 'User')
    return mode === 'create'
      ? msg({ defaultMessage: 'User {name} has been successfully created', id: '09JaM/' }, { name })
      : msg({ defaultMessage: 'User {name} has been successfully updated', id: 'nOoorf' }, { name });
  return mode === 'create'
    ? msg({ defaultMessage: 'Role {name} has been successfully created', id: 'Ywhvq3' }, { name })
    : msg({ defaultMessage: 'Role {name} has been successfully updated', id: '7fqKPO' }, { name });
};
export const AUTHENTICATOR_RESET = msg({ defaultMessage: 'Authenticator has been reset successfully.', id: 'pvxvlk' });

export const APPROVAL_POLICY_SAVED = msg({ defaultMessage: 'Approval policy has been saved', id: 'HdkwYN' });
export const approvalDecidedMessage = (decision: ApprovalDecision) =>
  ({
    APPROVE: msg({ defaultMessage: 'The change has been approved and applied', id: 'xUr/Z+' }),
    DECLINE: msg({ defaultMessage: 'The change has been declined', id: '5asn0j' }),
    CANCEL: msg({ defaultMessage: 'The change has been cancelled', id: 'lLRCBV' }),
  })[decision];
