import { request } from './http';
import type {
  ApiEnvelope, BankOption, ClientOption, CurrentUser, LoginBody, ModuleItem, NotificationItem, RoleOption,
} from './schemas';

/** One function per endpoint of the spec's section 7, in the order the spec lists them. */
const API = '/api/backoffice';

const data = async <T>(promise: Promise<ApiEnvelope<T>>): Promise<T> => (await promise).data as T;

export const api = {
  login: (body: LoginBody) => data(request<ApiEnvelope<CurrentUser>>('POST', `${API}/auth/login`, { body, quiet: true })),
  /** Made with the pre-OTP token, which is not stored: the user is stored only once verified. */
  validateOtp: (passcode: string, token: string) =>
    data(request<ApiEnvelope<CurrentUser>>('POST', `${API}/user/validate-otp`, { body: { passcode }, token, quiet: true })),
  logout: () => request<ApiEnvelope<never>>('POST', `${API}/auth/logout`, { quiet: true }),

  modules: () => data(request<ApiEnvelope<ModuleItem[]>>('GET', `${API}/master/modules`)),
  banks: () => data(request<ApiEnvelope<BankOption[]>>('GET', `${API}/master/banks`)),
  clients: () => data(request<ApiEnvelope<ClientOption[]>>('GET', `${API}/master/client`)),
  roles: () => data(request<ApiEnvelope<RoleOption[]>>('GET', `${API}/master/roles`)),

  generateOtp: () => data(request<ApiEnvelope<{ qrcode: string; secret: string }>>('GET', `${API}/user/generate-otp`)),
  verifyOtp: (passcode: string) => request<ApiEnvelope<never>>('POST', `${API}/user/verify-otp`, { body: { passcode }, quiet: true }),
  disableOtp: () => request<ApiEnvelope<never>>('DELETE', `${API}/user/disable-otp`),

  notifications: async () => {
    // A failed list is only logged (spec section 8), never an alert.
    const res = await request<ApiEnvelope<NotificationItem[]>>('GET', '/api/v1/notification', { quiet: true });
    return { items: res.data ?? [], unread: Number(res.meta?.unread ?? 0) };
  },
  markNotificationRead: (id: number) => request<ApiEnvelope<never>>('PATCH', `/api/v1/notification/${id}/read`, { quiet: true }),
  workOrder: (code: string) => data(request<ApiEnvelope<NotificationItem>>('GET', '/api/v1/notification/work-order', { query: { wo: code } })),
};

export type Api = typeof api;
