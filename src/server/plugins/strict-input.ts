import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { cleanJsonText, type Finding, findBadValue, printable } from '../security/clean-values.ts';

/**
 * Bad input stops at the edge (issue 12 point 7), before any handler or database sees it:
 * - JSON is the only body the API reads (the upload route reads multipart only); any
 *   other content type answers 415.
 * - Every string of a JSON body, query or path is well-formed text without NUL
 *   (PostgreSQL refuses both, which used to answer 500); every number is finite
 *   (`1e309` parses to Infinity), in a query or path also after its conversion.
 * - Bodies are validated without type coercion (`"12"` is not 12, `true` is not 1);
 *   query strings and path parameters, which are text by nature, still convert
 *   (schema-compilers.ts).
 * - Integers nobody bounded get PostgreSQL's int4 range (see `boundIntegers`).
 */

const INT4 = { minimum: -2147483648, maximum: 2147483647 };

function refuse(finding: Finding): AppError {
  return new AppError('validation-failed', { [printable(finding.path) || '_']: [{ key: finding.key }] });
}

/** A copy of a request schema where every integer without bounds gets int4's. */
export function boundIntegers<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(boundIntegers) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  // Enumerable keys only: the JSON schema itself, without TypeBox's hidden markers.
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = boundIntegers(value);
  const types = [out.type].flat();
  if (types.includes('integer')) {
    if (out.minimum === undefined && out.exclusiveMinimum === undefined) out.minimum = INT4.minimum;
    if (out.maximum === undefined && out.exclusiveMaximum === undefined) out.maximum = INT4.maximum;
  }
  return out as T;
}

const mediaType = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

export const strictInputPlugin = fp(async (app: FastifyInstance) => {
  // JSON through Fastify's own parser (prototype poisoning refused), then checked.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body as string, (error, value) => {
      if (error) return done(error, undefined);
      const finding = cleanJsonText(body as string) ? null : findBadValue(value);
      return finding ? done(refuse(finding), undefined) : done(null, value);
    });
  });

  app.addHook('onRoute', (route) => {
    if (!route.schema) return;
    const { body, querystring, params } = route.schema;
    route.schema = {
      ...route.schema,
      ...(body ? { body: boundIntegers(body) } : {}),
      ...(querystring ? { querystring: boundIntegers(querystring) } : {}),
      ...(params ? { params: boundIntegers(params) } : {}),
    };
  });

  app.addHook('preValidation', async (request) => {
    // A route that reads multipart says so (`consumes`); no other route reads it, and the
    // multipart route reads nothing else.
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
    const type = mediaType(request);
    if (type && request.body !== undefined && consumes && !consumes.includes(type))
      throw new AppError('unsupported-media-type');
    if (type === 'multipart/form-data' && !consumes?.includes(type))
      throw new AppError('unsupported-media-type');
    const finding = findBadValue(request.query) ?? findBadValue(request.params);
    if (finding) throw refuse(finding);
  });

  // Query strings and path parameters convert to numbers during validation, and Ajv lets
  // "1e309" through as Infinity even past a `maximum`: checked again once converted, so a
  // non-finite number never reaches a handler or PostgreSQL (issue 29 point 5).
  app.addHook('preHandler', async (request) => {
    const finding = findBadValue(request.query) ?? findBadValue(request.params);
    if (finding) throw refuse(finding);
  });
});
