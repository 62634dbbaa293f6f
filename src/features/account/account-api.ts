import { api } from '#local/api-client';
import type {
  CodeSent,
  LoginEmailBody,
  LoginOtpBody,
  LoginPhoneBody,
  RegisterBody,
  ResetPasswordBody,
  Session,
  User,
} from '#shared/contracts/account';

/**
 * How long an account call waits for its answer. The person waits on the form (nothing is
 * kept on the phone to send later); on one bar of signal a request can neither fail nor
 * answer, so after this it fails as "no connection" and the form offers to try again. Each
 * call may be sent again safely: a second code, a second session, or "email taken" for a
 * registration that did arrive.
 */
const ACCOUNT_TIMEOUT_MS = 30_000;

const send = <T>(path: string, body: unknown, query?: Record<string, string>) =>
  api.request<T>('POST', path, { body, query, timeoutMs: ACCOUNT_TIMEOUT_MS });

/** The account calls of seed 000 §7; every one is public (no token yet). */
export const accountApi = {
  register: (body: RegisterBody) => send<{ user: User; farm_id?: string }>('/registrasi', body),
  loginEmail: (body: LoginEmailBody) => send<CodeSent>('/login/email', body),
  loginPhone: (body: LoginPhoneBody) => send<CodeSent>('/login/phone', body),
  loginOtp: (body: LoginOtpBody) => send<Session>('/login/otp', body),
  forgetPassword: (email: string) => send<null>('/forgetPassword', { email }),
  resetPassword: (signature: string, body: ResetPasswordBody) =>
    send<null>('/reset/password', body, { signature }),
  verifyEmail: (signature: string) => send<null>('/email-verification', { signature }),
};
