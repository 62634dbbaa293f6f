import { ANCO_MAX_TRAYS, ANCO_STATUSES } from '#shared/domain/anco';
import { masterDisease } from '#shared/domain/diseases';

export type FieldMessages = Record<string, { key: string; params?: Record<string, string | number> }[]>;
type Issue = FieldMessages[string][number];

/** How one value field of a pond record is read from the API (create and update alike). */
export type FieldSpec =
  | { kind: 'date'; required: true }
  | { kind: 'time'; required?: boolean }
  | { kind: 'int'; min: number; max: number; required?: boolean }
  | { kind: 'num'; min: number; max: number }
  | { kind: 'text'; max: number; required?: boolean; empty?: '' | null }
  | { kind: 'tags' }
  | { kind: 'anco' }
  | { kind: 'master' };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 30;

export function isDay(raw: unknown): raw is string {
  if (typeof raw !== 'string') return false;
  const m = DATE.exec(raw);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && +m[1] >= 2000;
}

/** API value → the value stored (API shape), or the field's translated-message key. */
export function parseField(raw: unknown, spec: FieldSpec): { value: unknown } | { issue: Issue } {
  const absent = raw === undefined || raw === null || raw === '';
  switch (spec.kind) {
    case 'date':
      if (absent) return { issue: { key: 'validation.required' } };
      return isDay(raw) ? { value: raw } : { issue: { key: 'validation.date' } };
    case 'time':
      if (absent) return spec.required ? { issue: { key: 'validation.required' } } : { value: null };
      return typeof raw === 'string' && TIME.test(raw)
        ? { value: raw }
        : { issue: { key: 'validation.time' } };
    case 'int':
    case 'num': {
      if (absent)
        return spec.kind === 'int' && spec.required
          ? { issue: { key: 'validation.required' } }
          : { value: null };
      if (typeof raw !== 'number' || !Number.isFinite(raw)) return { issue: { key: 'validation.numeric' } };
      if (spec.kind === 'int' && !Number.isInteger(raw)) return { issue: { key: 'validation.integer' } };
      if (raw < spec.min || raw > spec.max)
        return { issue: { key: 'validation.between', params: { min: spec.min, max: spec.max } } };
      return { value: raw };
    }
    case 'text': {
      if (raw === undefined || raw === null)
        return spec.required ? { issue: { key: 'validation.required' } } : { value: spec.empty ?? null };
      if (typeof raw !== 'string') return { issue: { key: 'validation.invalid' } };
      const text = raw.trim();
      if (!text)
        return spec.required ? { issue: { key: 'validation.required' } } : { value: spec.empty ?? null };
      if (text.length > spec.max)
        return { issue: { key: 'validation.maxLength', params: { max: spec.max } } };
      return { value: text };
    }
    case 'tags':
      return parseTags(raw);
    case 'anco':
      return parseTrays(raw);
    case 'master':
      if (absent) return { issue: { key: 'validation.required' } };
      return typeof raw === 'number' && Number.isInteger(raw) && masterDisease(raw)
        ? { value: raw }
        : { issue: { key: 'validation.oneOf' } };
  }
}

/** Short labels: trimmed, one copy each (case-insensitive), at most MAX_TAGS of MAX_TAG_LENGTH. */
export function parseTags(raw: unknown): { value: string[] } | { issue: Issue } {
  if (raw === undefined || raw === null) return { value: [] };
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string'))
    return { issue: { key: 'validation.invalid' } };
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const t of raw as string[]) {
    const tag = t.trim().replace(/\s+/g, ' ');
    if (!tag) continue;
    if (tag.length > MAX_TAG_LENGTH)
      return { issue: { key: 'validation.maxLength', params: { max: MAX_TAG_LENGTH } } };
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS) return { issue: { key: 'validation.max', params: { max: MAX_TAGS } } };
  return { value: tags };
}

/** The trays of one check: 1..ANCO_MAX_TRAYS, each numbered once, each with a known status. */
export function parseTrays(raw: unknown): { value: { tray: number; status: string }[] } | { issue: Issue } {
  if (!Array.isArray(raw) || raw.length === 0) return { issue: { key: 'validation.anco-trays' } };
  if (raw.length > ANCO_MAX_TRAYS)
    return { issue: { key: 'validation.max', params: { max: ANCO_MAX_TRAYS } } };
  const trays = new Set<number>();
  const out: { tray: number; status: string }[] = [];
  for (const t of raw) {
    const tray = (t as { tray?: unknown })?.tray;
    const status = (t as { status?: unknown })?.status;
    if (
      typeof tray !== 'number' ||
      !Number.isInteger(tray) ||
      tray < 1 ||
      tray > ANCO_MAX_TRAYS ||
      trays.has(tray) ||
      !ANCO_STATUSES.includes(status as never)
    )
      return { issue: { key: 'validation.anco-trays' } };
    trays.add(tray);
    out.push({ tray, status: status as string });
  }
  return { value: out.sort((a, b) => a.tray - b.tray) };
}
