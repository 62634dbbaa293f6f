import type { ErrorCode, FieldErrors } from '#shared/errors';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/i18n/language';
import { translate } from '#shared/i18n/messages';
import { type SessionStore, sessionStore } from './session-store.ts';

/**
 * Online calls to the API (accounts, farm structure, settings). Records entered at the
 * pond side go through the outbox and sync engine instead; this client is for screens
 * that need an answer now. It speaks the envelope of ARCHITECTURE.md §3 and turns every
 * kind of failure into one ApiError, so screens handle errors in one way.
 */
export type ApiErrorCode = ErrorCode | 'network' | 'unknown';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly errors: FieldErrors | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, errors?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/**
 * "No connection", in the language the page shows (or `lang`): what every call that could
 * not reach the server, or gave up waiting, fails with.
 */
export function networkError(lang?: Language): ApiError {
  // This module is type-checked for the service worker too, which has no document.
  const page = (globalThis as { document?: { documentElement: { lang: string } } }).document;
  const shown = lang ?? (page?.documentElement.lang === 'en' ? 'en' : 'id');
  return new ApiError(0, 'network', translate(shown, 'error.network'));
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Fails as a lost connection after this long (reads: READ_TIMEOUT_MS unless given). */
  timeoutMs?: number;
}

export interface ApiResult<T> {
  message: string;
  data: T;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  session?: SessionStore;
  language?: () => Language;
  baseUrl?: string;
  /** How long a read waits for an answer (READ_TIMEOUT_MS; tests shorten it). */
  readTimeoutMs?: number;
}

/**
 * A read without an answer after this long is a lost connection: on one bar of signal a
 * request can neither fail nor answer for minutes, and a screen would say "loading" all
 * that time. It fails as a network error instead (the screen offers its copy or a retry).
 * Reads only: a write may have arrived, and the sync engine (its own transport, 60 s)
 * sends records again under the same ids.
 */
export const READ_TIMEOUT_MS = 20_000;

/**
 * Seed 000 §8: some answers arrive as success but mean failure. Matched on the lower-cased
 * message; a match keeps the HTTP status and gets the closest error code.
 */
export function softFailureCode(message: string): ErrorCode | null {
  const text = message.trim().toLowerCase();
  if (text === 'bad request') return 'validation-failed';
  if (text.includes('tidak ditemukan') || text.includes('found')) return 'not-found';
  if (text.includes('role data')) return 'forbidden';
  return null;
}

function buildUrl(baseUrl: string, path: string, query?: Query): string {
  const url = `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await response.json();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const session = options.session ?? sessionStore;
  const baseUrl = options.baseUrl ?? '/api';
  let language: () => Language = options.language ?? (() => DEFAULT_LANGUAGE);

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResult<T>> {
    const token = session.get()?.token;
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language() };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    Object.assign(headers, opts.headers);

    let response: Response;
    const waitMs =
      opts.timeoutMs ?? (method === 'GET' ? (options.readTimeoutMs ?? READ_TIMEOUT_MS) : undefined);
    const timeout =
      waitMs !== undefined && !opts.signal && typeof AbortSignal.timeout === 'function'
        ? AbortSignal.timeout(waitMs)
        : undefined;
    try {
      const doFetch = options.fetch ?? globalThis.fetch;
      response = await doFetch(buildUrl(baseUrl, path, opts.query), {
        method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: opts.signal ?? timeout,
      });
    } catch (error) {
      // The caller's own abort is the caller's; the time running out is the network's.
      if ((error as { name?: string })?.name === 'AbortError' && !timeout?.aborted) throw error;
      throw networkError(language());
    }

    const body = await readJson(response);
    // The answer began and then stopped coming: as lost as one that never began.
    if (timeout?.aborted) throw networkError(language());
    const message = typeof body?.message === 'string' ? body.message : '';
    if (!response.ok) {
      // A 401 on a call that carried a token means the session is gone: tell the UI, but
      // clear nothing here (queued records and the stored user stay until the UI decides).
      const code = typeof body?.code === 'string' ? (body.code as ErrorCode) : 'unknown';
      // An embed link asked for more than its scope (ADR 0062): the page says the link does
      // not work here, as for a refused token.
      if (token && (response.status === 401 || code === 'embed-link-scope')) session.notifyExpired();
      const errors =
        body?.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : undefined;
      throw new ApiError(
        response.status,
        code,
        message || response.statusText || String(response.status),
        errors,
      );
    }
    const soft = softFailureCode(message);
    if (soft) throw new ApiError(response.status, soft, message);
    return { message, data: (body?.data ?? null) as T };
  }

  return {
    request,
    get: async <T>(path: string, query?: Query) => (await request<T>('GET', path, { query })).data,
    post: <T>(path: string, body?: unknown, query?: Query) =>
      request<T>('POST', path, { body: body ?? {}, query }),
    put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
    del: <T = null>(path: string) => request<T>('DELETE', path),
    /** The app keeps this in step with the UI language (Accept-Language of every call). */
    setLanguage(next: string) {
      const lang = isLanguage(next) ? next : DEFAULT_LANGUAGE;
      language = () => lang;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient();
