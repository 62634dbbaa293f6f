import { SYNC_PULL_PATHS, type SyncPullBody } from '#shared/contracts/sync-pull';
import { AppError } from '../../errors.ts';

/** What one inner GET answered: its status and its body as sent (JSON text, or other). */
export interface InnerAnswer {
  status: number;
  payload: string;
  json: boolean;
}
/** Runs a GET of this server as the caller (the routes hand in `app.inject`). */
export type InnerGet = (url: string) => Promise<InnerAnswer>;

export interface PullDeps {
  get: InnerGet;
  /** The 404 error body, in the caller's language, for a path no mirror pulls. */
  notMirrored: () => unknown;
}

export interface PullBudget {
  /** Inner reads at once: the database pool serves the other callers too. */
  concurrency: number;
  /** Once the answers reach this many bytes, the remaining keys are left as `pending`. */
  bytes: number;
}

/** A first pull of the 50-pond demo farm is about 3 MB; a page holds that. */
export const PULL_BUDGET: PullBudget = { concurrency: 4, bytes: 4 * 1024 * 1024 };

const ALLOWED = new Set<string>(SYNC_PULL_PATHS);

/**
 * The inner request's URL, or null when its path is not a mirrored list. Parsed, so a
 * path like `/api/pond/../user` or `/api/pond%2F..` is judged by what it resolves to.
 */
export function innerUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://inner.invalid');
  } catch {
    return null;
  }
  if (parsed.origin !== 'http://inner.invalid' || !ALLOWED.has(parsed.pathname)) return null;
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The answers, each as JSON text in the order asked, and the keys left for the next
 * request. Each answer is the list route's own body: it is spliced in as text, never
 * parsed and written again (a first pull is megabytes).
 */
export async function answerPull(
  body: SyncPullBody,
  deps: PullDeps,
  budget: PullBudget = PULL_BUDGET,
): Promise<{ answers: string[]; pending: string[] }> {
  const seen = new Set<string>();
  body.requests.forEach((r, i) => {
    if (seen.has(r.key))
      throw new AppError('validation-failed', { [`requests.${i}.key`]: [{ key: 'validation.unique' }] });
    seen.add(r.key);
  });
  const answers = new Array<string | undefined>(body.requests.length);
  let bytes = 0;
  let next = 0;
  const worker = async () => {
    while (next < body.requests.length && bytes < budget.bytes) {
      const i = next++;
      const request = body.requests[i] as SyncPullBody['requests'][number];
      const text = await answerOne(request.key, request.url, deps);
      bytes += text.length;
      answers[i] = text;
    }
  };
  const workers = Math.max(1, Math.min(budget.concurrency, body.requests.length));
  await Promise.all(Array.from({ length: workers }, worker));
  const done: string[] = [];
  const pending: string[] = [];
  body.requests.forEach((r, i) => {
    const text = answers[i];
    if (text === undefined) pending.push(r.key);
    else done.push(text);
  });
  return { answers: done, pending };
}

async function answerOne(key: string, url: string, deps: PullDeps): Promise<string> {
  const target = innerUrl(url);
  const head = `{"key":${JSON.stringify(key)},"status":`;
  if (!target) return `${head}404,"body":${JSON.stringify(deps.notMirrored())}}`;
  const answer = await deps.get(target);
  const inner =
    answer.json && answer.payload.length > 0 ? answer.payload : JSON.stringify(answer.payload || null);
  return `${head}${answer.status},"body":${inner}}`;
}
