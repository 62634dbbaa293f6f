import { type Static, Type } from 'typebox';
import { PhotoRef } from './uploads.ts';

const Email = Type.String({ format: 'email', maxLength: 200 });
/** Indonesian or international numbers: 08…, 628…, +628…; normalised by the server to +62… */
const Phone = Type.String({ pattern: '^\\+?[0-9][0-9 -]{6,18}$' });
const Password = Type.String({ minLength: 8, maxLength: 200 });
const Name = Type.String({ minLength: 1, maxLength: 100 });

export const User = Type.Object({
  id: Type.String(),
  pu_id: Type.String(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  photo: Type.Union([Type.String(), Type.Null()]),
  email_verified: Type.Boolean(),
  is_system_admin: Type.Boolean(),
  language: Type.String(),
});
export type User = Static<typeof User>;

export const RegisterBody = Type.Object({
  username: Name,
  email: Email,
  phone: Type.Optional(Type.Union([Phone, Type.Literal('')])),
  password: Password,
  password_confirmation: Type.String({ maxLength: 200 }),
  language: Type.Optional(Type.Union([Type.Literal('id'), Type.Literal('en')])),
  /** The signed token of an invitation's registration link (`/register?invite=…`). */
  invite: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginEmailBody = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LoginEmailBody = Static<typeof LoginEmailBody>;

export const LoginPhoneBody = Type.Object({ phone: Phone });
export type LoginPhoneBody = Static<typeof LoginPhoneBody>;

/** Answer of /login/email and /login/phone: where the code went (masked). */
export const CodeSent = Type.Object({
  channel: Type.Union([Type.Literal('email'), Type.Literal('sms')]),
  destination: Type.String(),
});
export type CodeSent = Static<typeof CodeSent>;

export const LoginOtpBody = Type.Object({
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  code: Type.String({ pattern: '^[0-9]{6}$' }),
});
export type LoginOtpBody = Static<typeof LoginOtpBody>;

export const Session = Type.Object({ token: Type.String(), user: User });
export type Session = Static<typeof Session>;

export const ForgetPasswordBody = Type.Object({ email: Email });
export type ForgetPasswordBody = Static<typeof ForgetPasswordBody>;

export const SignatureQuery = Type.Object({ signature: Type.String({ minLength: 10, maxLength: 1000 }) });
export const ResetPasswordBody = Type.Object({
  password: Password,
  password_confirmation: Type.String({ maxLength: 200 }),
});
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const EmailVerificationBody = Type.Object({
  signature: Type.String({ minLength: 10, maxLength: 1000 }),
});

export const UpdateUserBody = Type.Object({
  username: Name,
  phone: Type.Optional(Type.Union([Phone, Type.Literal(''), Type.Null()])),
  city: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  photo: Type.Optional(Type.Union([PhotoRef, Type.Null()])),
  language: Type.Optional(Type.Union([Type.Literal('id'), Type.Literal('en')])),
});
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const ChangePasswordBody = Type.Object({
  old_password: Type.String({ minLength: 1, maxLength: 200 }),
  new_password: Password,
  confirm_password: Type.String({ maxLength: 200 }),
});
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const DevOutboxEntry = Type.Object({
  id: Type.String(),
  channel: Type.String(),
  recipient: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  created_at: Type.String(),
});
export type DevOutboxEntry = Static<typeof DevOutboxEntry>;
