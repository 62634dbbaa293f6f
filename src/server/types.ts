import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

/**
 * The types every route module shares, in a leaf that imports nothing of the server, so
 * that `*.routes.ts` never import the files that register them (routes.ts, app.ts) and
 * no import circle runs through the composition root. The dependency check
 * (.dependency-cruiser.cjs) keeps this file a leaf.
 */

/** The Fastify instance routes register on, typed so TypeBox schemas type the handlers. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * The object graph of one server instance (repositories, services) that routes receive.
 * Its members are declared where it is built: context.ts merges `ReturnType<typeof
 * createContext>` into this interface, as Fastify's own plugins declare their decorators.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in context.ts
export interface AppContext {}
