import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';

/**
 * How route schemas become validators and serializers (pass to Fastify() as
 * `schemaController`):
 * - two Ajv instances: bodies strict (no coercion: `"12"` is not 12, `true` is not 1),
 *   query strings, path parameters and headers converting, since they are text by nature;
 * - every validator and response serializer compiled on its route's first use instead of
 *   at start: start-up then compiles nothing, and an idle server holds only the code of
 *   the routes it served (issue 12: ≤1 s from database ready to listening, ≤100 MB).
 *   A schema error therefore shows on the route's first request; the bad-input sweep
 *   (tests/integration) calls every route with a body.
 */

/** Ajv options of the whole app; only `coerceTypes` differs between body and the rest. */
const AJV = { removeAdditional: true, useDefaults: true, allErrors: true } as const;

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Validate = ReturnType<FastifySchemaCompiler<unknown>>;

function buildValidator(externalSchemas: Parameters<ReturnType<typeof AjvCompiler>>[0]) {
  const factory = AjvCompiler();
  const strict = factory(externalSchemas, { customOptions: { ...AJV, coerceTypes: false } });
  const loose = factory(externalSchemas, { customOptions: { ...AJV, coerceTypes: 'array' } });
  return (route: RouteSchema): Validate => {
    const compile = () => (route.httpPart === 'body' ? strict : loose)(route as Parameters<typeof strict>[0]);
    let validate: ReturnType<typeof compile> | undefined;
    // Fastify reads `errors` off the function after a failed call, as Ajv sets it.
    const lazy = (data: unknown) => {
      validate ??= compile();
      const result = validate(data);
      lazy.errors = validate.errors;
      return result;
    };
    lazy.errors = null as unknown;
    return lazy as Validate;
  };
}

function buildSerializer(externalSchemas: unknown, options: unknown) {
  const build = SerializerSelector()(
    externalSchemas as never,
    options as never,
  ) as FastifySerializerCompiler<unknown>;
  return (route: Parameters<FastifySerializerCompiler<unknown>>[0]) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= build(route);
      return serialize(data);
    };
  };
}

export function schemaController(): NonNullable<FastifyServerOptions['schemaController']> {
  return {
    compilersFactory: {
      buildValidator: buildValidator as unknown as Factories['buildValidator'],
      buildSerializer: buildSerializer as unknown as Factories['buildSerializer'],
    },
  };
}
