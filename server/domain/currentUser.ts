import { SETTINGS_PATH } from '../../src/services/pages.ts';
import type { CurrentUser } from '../../src/services/schemas.ts';
import type { Db } from '../db/connect.ts';
import { visibleClientIds } from './clientScope.ts';
import type { Principal } from './principal.ts';

/** The spec's Current user entity, as login and validate-otp return it. */
export async function toCurrentUser(
  db: Db,
  principal: Principal,
  token: string,
  otpVerified: boolean,
): Promise<CurrentUser> {
  return {
    token,
    otp_verified: otpVerified,
    two_factor_active: principal.twoFactorActive,
    must_reset_two_factor: principal.twoFactorResetRequired,
    type: principal.type,
    display_name: principal.name,
    email: principal.email,
    modules: otpVerified ? principal.moduleIds : [],
    allowed_paths: otpVerified ? principal.allowedPaths : [SETTINGS_PATH],
    client_id: await visibleClientIds(db, principal),
    role: principal.role ? [principal.role] : [],
  };
}
