import { Type } from 'typebox';
import {
  ChangePasswordBody,
  CodeSent,
  DevOutboxEntry,
  EmailVerificationBody,
  ForgetPasswordBody,
  LoginEmailBody,
  LoginOtpBody,
  LoginPhoneBody,
  RegisterBody,
  ResetPasswordBody,
  Session,
  SignatureQuery,
  UpdateUserBody,
  User,
} from '#shared/contracts/account';
import { Envelope, MessageOnly } from '#shared/contracts/envelope';
import { byAddress } from '../../plugins/rate-limit-key.ts';
import type { Api, AppContext } from '../../types.ts';

const tags = ['account'];

/** HTTP only: parse, call the service, wrap the answer. */
export function accountRoutes(api: Api, ctx: AppContext): void {
  const { account } = ctx;
  // Per address whatever token the request carries (rate-limit-key.ts).
  const authLimit = {
    rateLimit: { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: byAddress },
  };
  const publicAuth = { public: true, ...authLimit };

  api.post(
    '/registrasi',
    {
      config: publicAuth,
      schema: {
        tags,
        body: RegisterBody,
        // farm_id: registered through an invitation, the farm the app opens after sign-in.
        response: { 201: Envelope(Type.Object({ user: User, farm_id: Type.Optional(Type.String()) })) },
      },
    },
    async (req, reply) => {
      const data = await account.register(req.body, req.lang);
      // Says what was sent: a link to confirm the email (no code: the code comes at sign-in).
      const { email } = data.user;
      const message = email ? req.t('server.registered-link', { email }) : req.t('server.registered');
      return reply.status(201).send({ message, data });
    },
  );

  api.post(
    '/login/email',
    { config: publicAuth, schema: { tags, body: LoginEmailBody, response: { 200: Envelope(CodeSent) } } },
    async (req) => ({
      message: req.t('server.code-sent'),
      data: await account.loginEmail(req.body.email, req.body.password, req.lang),
    }),
  );

  api.post(
    '/login/phone',
    { config: publicAuth, schema: { tags, body: LoginPhoneBody, response: { 200: Envelope(CodeSent) } } },
    async (req) => ({
      message: req.t('server.code-sent'),
      data: await account.loginPhone(req.body.phone, req.lang),
    }),
  );

  api.post(
    '/login/otp',
    { config: publicAuth, schema: { tags, body: LoginOtpBody, response: { 200: Envelope(Session) } } },
    async (req) => ({
      message: req.t('server.logged-in'),
      data: await account.loginOtp(req.body, req.headers['user-agent']),
    }),
  );

  api.post(
    '/forgetPassword',
    { config: publicAuth, schema: { tags, body: ForgetPasswordBody, response: { 200: MessageOnly } } },
    async (req) => {
      await account.forgetPassword(req.body.email, req.lang);
      return { message: req.t('server.reset-sent'), data: null };
    },
  );

  api.post(
    '/reset/password',
    {
      config: publicAuth,
      schema: { tags, querystring: SignatureQuery, body: ResetPasswordBody, response: { 200: MessageOnly } },
    },
    async (req) => {
      await account.resetPassword(req.query.signature, req.body);
      return { message: req.t('server.password-changed'), data: null };
    },
  );

  api.post(
    '/email-verification',
    { config: publicAuth, schema: { tags, body: EmailVerificationBody, response: { 200: MessageOnly } } },
    async (req) => {
      await account.verifyEmail(req.body.signature);
      return { message: req.t('server.email-verified'), data: null };
    },
  );

  api.get('/user', { schema: { tags, response: { 200: Envelope(User) } } }, async (req) => ({
    message: req.t('server.ok'),
    data: await account.me(req.user.id),
  }));

  api.put(
    '/user',
    { schema: { tags, body: UpdateUserBody, response: { 200: Envelope(User) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await account.updateProfile(req.user.id, req.body),
    }),
  );

  api.post(
    '/user/password',
    { config: authLimit, schema: { tags, body: ChangePasswordBody, response: { 200: MessageOnly } } },
    async (req) => {
      await account.changePassword(req.user.id, req.user.sessionId, req.body);
      return { message: req.t('server.password-changed'), data: null };
    },
  );

  api.post('/logout', { schema: { tags, response: { 200: MessageOnly } } }, async (req) => {
    await ctx.sessions.revoke(req.user.sessionId);
    return { message: req.t('server.logged-out'), data: null };
  });

  // Development outbox: lets a self-hoster and the tests read codes without SMTP/SMS.
  if (ctx.config.env !== 'production') {
    api.get(
      '/dev/outbox',
      {
        config: { public: true },
        schema: {
          tags: ['dev'],
          querystring: Type.Object({ to: Type.Optional(Type.String()) }),
          response: { 200: Envelope(Type.Array(DevOutboxEntry)) },
        },
      },
      async (req) => ({ message: req.t('server.ok'), data: await ctx.devOutbox.list(req.query.to) }),
    );
  }
}
