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

/** The account calls of seed 000 §7; every one is public (no token yet). */
export const accountApi = {
  register: (body: RegisterBody) => api.post<{ user: User; farm_id?: string }>('/registrasi', body),
  loginEmail: (body: LoginEmailBody) => api.post<CodeSent>('/login/email', body),
  loginPhone: (body: LoginPhoneBody) => api.post<CodeSent>('/login/phone', body),
  loginOtp: (body: LoginOtpBody) => api.post<Session>('/login/otp', body),
  forgetPassword: (email: string) => api.post<null>('/forgetPassword', { email }),
  resetPassword: (signature: string, body: ResetPasswordBody) =>
    api.post<null>('/reset/password', body, { signature }),
  verifyEmail: (signature: string) => api.post<null>('/email-verification', { signature }),
};
