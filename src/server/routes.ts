import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { Type } from 'typebox';
import { Envelope } from '#shared/contracts/envelope';
import type { AppContext } from './context.ts';
import { accountRoutes } from './modules/account/account.routes.ts';

/** The Fastify instance routes register on, typed so TypeBox schemas type the handlers. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Every module's routes, under /api. */
export function registerRoutes(api: FastifyInstance, ctx: AppContext): void {
  const typed = api.withTypeProvider<TypeBoxTypeProvider>() as unknown as Api;
  typed.get(
    '/health',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: Envelope(Type.Object({ status: Type.String(), time: Type.String() })) } } },
    async () => {
      await ctx.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      return { message: 'ok', data: { status: 'ok', time: new Date().toISOString() } };
    },
  );
  typed.get(
    '/config',
    { config: { public: true }, schema: { tags: ['system'], response: { 200: Envelope(Type.Object({ support_url: Type.String() })) } } },
    async () => ({ message: 'ok', data: { support_url: ctx.config.supportUrl } }),
  );
  accountRoutes(typed, ctx);
}
