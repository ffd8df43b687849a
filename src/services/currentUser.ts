import { request } from './http';
import type { ApiEnvelope, CurrentUser } from './schemas';

/** The signed-in user as the server sees them now (role, modules, allowed paths, clients). */
export const currentUser = async () =>
  (await request<ApiEnvelope<CurrentUser>>('GET', '/api/backoffice/user/me', { quiet: true })).data as CurrentUser;
