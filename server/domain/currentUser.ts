import { SETTINGS_PATH } from '../../src/services/pages.ts';
import type { CurrentUser } from '../../src/services/schemas.ts';
import type { Db } from '../db/connect.ts';
import { visibleClientIds } from './clientScope.ts';
import type { Principal } from './principal.ts';

/**
 * The spec's Current user entity, as login and validate-otp return it. `token` is null for the
 * browser, whose session is in its HttpOnly cookie: the body then carries none.
 */
export async function toCurrentUser(
  db: Db,
  principal: Principal,
  token: string | null,
  otpVerified: boolean,
): Promise<CurrentUser> {
  return {
    ...(token === null ? {} : { token }),
    otp_verified: otpVerified,
    two_factor_active: principal.twoFactorActive,
    must_reset_two_factor: principal.twoFactorResetRequired,
    language: principal.language,
    type: principal.type,
    display_name: principal.name,
    email: principal.email,
    modules: otpVerified ? principal.moduleIds : [],
    allowed_paths: otpVerified ? principal.allowedPaths : [SETTINGS_PATH],
    client_id: await visibleClientIds(db, principal),
    role: principal.role ? [principal.role] : [],
  };
}
