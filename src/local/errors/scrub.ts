import type { StackFrame } from '#shared/contracts/errors';
import { ERROR_MAX_FRAMES, type ErrorKind } from '#shared/domain/error-tracing';

/**
 * What leaves the device of an error (ADR 0067): its name, its message with anything that
 * may be a person's data or a record's value taken out, and its stack frames as script
 * path, line and column. No record values, no tokens, no emails or phone numbers, no ids,
 * no query strings, no origins.
 */
export interface ScrubbedError {
  kind: ErrorKind;
  name: string;
  message: string;
  frames: StackFrame[];
}

const MESSAGE_MAX = 1000;

/** Replacements in order: the wider patterns first, so a URL's email or token goes with it. */
const RULES: [RegExp, string][] = [
  // Bearer and JWT-like tokens, then long opaque strings (hex, base64url: keys, hashes).
  [/\bBearer\s+\S+/gi, 'Bearer [token]'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[token]'],
  // URLs: keep the path, ids and numbers in it scrubbed below; drop origin, query, hash.
  [/\b(?:https?|wss?):\/\/[^\s/'"`)]+/gi, ''],
  [/\?[^\s'"`)]*/g, ''],
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[id]'],
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{20,}\b/g, '[token]'],
  // Phone numbers (+62 812-3456-7890, 0812 3456 7890) before plain numbers.
  [/\+?\d[\d\s().-]{7,}\d/g, '[phone]'],
  // Quoted text is what a person typed or a record holds.
  [/"[^"]*"|'[^']*'|`[^`]*`|“[^”]*”/g, '"…"'],
  // Numbers with a decimal part or four digits and more are values, not codes (404, 3 s).
  [/\b\d+[.,]\d+\b|\b\d{4,}\b/g, '[n]'],
];

/** NUL and lone surrogates: the server refuses them (they cannot be stored). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function scrubText(text: string): string {
  let out = text.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  return out.slice(0, MESSAGE_MAX);
}

// Chromium: "    at fn (https://host/assets/x.js:1:2)" or "    at https://host/assets/x.js:1:2";
// Firefox and Safari: "fn@https://host/assets/x.js:1:2".
const CHROME_FRAME = /^\s*at\s+(?:async\s+)?(?:(.*?)\s+\()?(.+?):(\d+):(\d+)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):(\d+):(\d+)\s*$/;

/** A script's path without origin, query or hash; anything that is not a script URL is dropped to its last part. */
function scriptPath(raw: string): string {
  try {
    const url = new URL(raw);
    return url.protocol.startsWith('http') ? url.pathname.slice(0, 300) : `${url.protocol}…`;
  } catch {
    return scrubText(raw.split(/[?#]/)[0]).slice(0, 300);
  }
}

export function parseStack(stack: string | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    const m = CHROME_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
    if (!m) continue;
    frames.push({
      fn: (m[1] ?? '').replace(/^async\s+/, '').slice(0, 200),
      file: scriptPath(m[2]),
      line: Number(m[3]),
      col: Number(m[4]),
    });
    if (frames.length >= ERROR_MAX_FRAMES) break;
  }
  return frames;
}

/** An Error's parts; anything else thrown (a string, an object) becomes its kind of value, never its content. */
export function scrubError(kind: ErrorKind, error: unknown): ScrubbedError {
  if (error instanceof Error || (error && typeof error === 'object' && 'message' in error)) {
    const e = error as { name?: unknown; message?: unknown; stack?: unknown };
    const name = typeof e.name === 'string' && /^[\w$.]{1,100}$/.test(e.name) ? e.name : 'Error';
    return {
      kind,
      name,
      message: scrubText(typeof e.message === 'string' ? e.message : ''),
      frames: parseStack(typeof e.stack === 'string' ? e.stack : undefined),
    };
  }
  // A thrown string may be a message ("Script error."), other values say only what they are.
  const message =
    typeof error === 'string'
      ? scrubText(error)
      : `Non-Error thrown: ${error === null ? 'null' : typeof error}`;
  return { kind, name: 'Error', message, frames: [] };
}
