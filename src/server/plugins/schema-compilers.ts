import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { Ajv } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';
import { isCalendarDay, isCalendarInstant } from '#shared/domain/calendar';

/**
 * How route schemas become validators and serializers (pass to Fastify() as
 * `schemaController`):
 * - two Ajv instances: bodies strict (no coercion: `"12"` is not 12, `true` is not 1),
 *   query strings, path parameters and headers converting, since they are text by nature;
 * - every validator and response serializer compiled on its route's first use instead of
 *   at start: start-up then compiles nothing, and an idle server holds only the code of
 *   the routes it served (issue 12: ≤1 s from database ready to listening, ≤100 MB).
 *   A schema error therefore shows on the route's first request; the bad-input sweep
 *   (tests/integration) calls every route with a body;
 * - `date` and `date-time` stricter than ajv-formats': a day or instant PostgreSQL and
 *   JavaScript can both read, in the years of `#shared/domain/calendar` (year 0000 and
 *   a leap second `23:59:60` used to pass the format and answer 500).
 */

/** Ajv options of the whole app; only `coerceTypes` differs between body and the rest. */
const AJV = { removeAdditional: true, useDefaults: true, allErrors: true } as const;

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Validate = ReturnType<FastifySchemaCompiler<unknown>>;

const dateTimeShape = fullFormats['date-time'] as { validate: (s: string) => boolean };

/** Replaces ajv-formats' `date` and `date-time` (added before this runs) with the calendar's. */
function calendarFormats(ajv: Ajv): void {
  ajv.addFormat('date', { type: 'string', validate: (s: string) => isCalendarDay(s) });
  ajv.addFormat('date-time', {
    type: 'string',
    validate: (s: string) => dateTimeShape.validate(s) && isCalendarInstant(s),
  });
}

function buildValidator(externalSchemas: Parameters<ReturnType<typeof AjvCompiler>>[0]) {
  const factory = AjvCompiler();
  const strict = factory(externalSchemas, {
    customOptions: { ...AJV, coerceTypes: false },
    onCreate: calendarFormats,
  });
  const loose = factory(externalSchemas, {
    customOptions: { ...AJV, coerceTypes: 'array' },
    onCreate: calendarFormats,
  });
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
