import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody, ErrorCode, FieldErrors, FieldIssues } from '#shared/errors';
import { translate } from '#shared/i18n/messages';
import { AppError, wordedFields } from '../errors.ts';
import { drainUnread } from './drain-body.ts';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** Maps one ajv issue to a field path (`items.3.ph`) and a translated message. */
function fieldOf(issue: AjvIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty ?? '');
    return path ? `${path}.${missing}` : missing;
  }
  return path || '_';
}

function messageKey(issue: AjvIssue): { key: string; params?: Record<string, string | number> } {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return { key: 'validation.required' };
    case 'format':
      if (p.format === 'email') return { key: 'validation.email' };
      if (p.format === 'date' || p.format === 'date-time') return { key: 'validation.date' };
      return { key: 'validation.invalid' };
    case 'type':
      if (p.type === 'integer') return { key: 'validation.integer' };
      if (p.type === 'number') return { key: 'validation.numeric' };
      return { key: 'validation.invalid' };
    case 'minimum':
    case 'exclusiveMinimum':
      return { key: 'validation.min', params: { min: Number(p.limit) } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { key: 'validation.max', params: { max: Number(p.limit) } };
    case 'minLength':
      return Number(p.limit) === 1
        ? { key: 'validation.required' }
        : { key: 'validation.minLength', params: { min: Number(p.limit) } };
    case 'maxLength':
      return { key: 'validation.maxLength', params: { max: Number(p.limit) } };
    case 'minItems':
      return { key: 'validation.required' };
    case 'pattern':
      return { key: 'validation.pattern' };
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return { key: 'validation.oneOf' };
    default:
      return { key: 'validation.invalid' };
  }
}

const FRAMEWORK_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload-too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported-media-type',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation-failed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation-failed',
  FST_REQ_FILE_TOO_LARGE: 'payload-too-large',
};

/**
 * One error handler for the whole API: every failure leaves as
 * `{ message, code, errors? }` in the caller's language; 5xx never shows internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const lang = request.lang ?? 'id';
    let status = 500;
    let code: ErrorCode = 'internal';
    let errors: FieldErrors | undefined;
    let issues: FieldIssues | undefined;

    if (error instanceof AppError) {
      status = error.status;
      code = error.code;
      if (error.fields) ({ errors, issues } = wordedFields(lang, error.fields));
    } else if (error.validation) {
      status = 400;
      code = 'validation-failed';
      const fields: FieldIssues = {};
      for (const issue of error.validation as AjvIssue[]) {
        const field = fieldOf(issue);
        fields[field] = [...(fields[field] ?? []), messageKey(issue)];
      }
      ({ errors, issues } = wordedFields(lang, fields));
    } else if (error.statusCode === 429) {
      status = 429;
      code = 'rate-limited';
    } else if (error.code && FRAMEWORK_CODES[error.code]) {
      code = FRAMEWORK_CODES[error.code];
      status = error.statusCode ?? 400;
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      code = status === 404 ? 'not-found' : 'validation-failed';
    }

    // The phone went away mid-answer (signal lost, page closed) while a compressed answer was
    // streaming: nobody to answer and nothing wrong on this side.
    const clientGone = error.code === 'ERR_STREAM_PREMATURE_CLOSE' || request.raw.destroyed;
    if (status >= 500 && clientGone) request.log.debug({ err: error }, 'client went away');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    const body: ErrorBody = {
      message: translate(lang, `error.${code}`),
      code,
      ...(errors ? { errors, issues } : {}),
    };
    // A body refused unread for its size: read to its end first, so the client reads this 413.
    if (status === 413) await drainUnread(request.raw);
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const body: ErrorBody = {
      message: translate(request.lang ?? 'id', 'error.not-found'),
      code: 'not-found',
    };
    return reply.status(404).send(body);
  });
});
