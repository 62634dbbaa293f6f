import type { HttpMethod } from '#local/db';

/**
 * The sync engine's only way to the server. Injected so the engine is testable without
 * a network and independent of the app's API client. Contract: resolve with the status
 * and the parsed body for ANY HTTP answer (4xx/5xx included); throw only when no answer
 * arrived (offline, DNS, timeout, aborted).
 */
export interface TransportRequest {
  method: HttpMethod;
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TransportResponse {
  status: number;
  body: unknown;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export interface FetchTransportOptions {
  /** The session token for `Authorization: Bearer`; null when logged out. */
  getToken: () => string | null | undefined;
  /** Server messages come back in this language ('id' or 'en'). */
  getLanguage?: () => string;
  /** A request that hangs on one bar of signal counts as a network failure after this. */
  timeoutMs?: number;
  fetchFn?: typeof fetch;
}

export function createFetchTransport(options: FetchTransportOptions): Transport {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return async ({ method, url, body, headers }) => {
    const fetchFn = options.fetchFn ?? globalThis.fetch.bind(globalThis);
    const all: Record<string, string> = { Accept: 'application/json', ...headers };
    const token = options.getToken();
    if (token) all.Authorization = `Bearer ${token}`;
    const language = options.getLanguage?.();
    if (language) all['Accept-Language'] = language;
    const form = formDataOf(body);
    if (body !== undefined && body !== null && !form) all['Content-Type'] = 'application/json';
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    try {
      const response = await fetchFn(url, {
        method,
        headers: all,
        body: form ?? (body === undefined || body === null ? undefined : JSON.stringify(body)),
        signal: abort.signal,
        credentials: 'same-origin',
      });
      return { status: response.status, body: await readBody(response) };
    } finally {
      clearTimeout(timer);
    }
  };
}

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/png': 'png' };

/**
 * A body holding a Blob (a photo upload, src/local/photos.ts) goes as multipart/form-data:
 * the other fields first as text (null and undefined left out), then each Blob as a file
 * named after the body's id. The browser sets the Content-Type with its boundary. Any
 * other body is JSON.
 */
export function formDataOf(body: unknown): FormData | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body as Record<string, unknown>);
  if (!entries.some(([, value]) => value instanceof Blob)) return null;
  const form = new FormData();
  for (const [name, value] of entries) {
    if (value === null || value === undefined || value instanceof Blob) continue;
    form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const id = String((body as { id?: unknown }).id ?? 'file');
  for (const [name, value] of entries) {
    if (value instanceof Blob) form.append(name, value, `${id}.${EXTENSION[value.type] ?? 'bin'}`);
  }
  return form;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
