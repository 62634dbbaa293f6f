import { typingLanguage } from '#components/number-field';
import type { Anco, Disease, Note, WaterChange } from '#shared/contracts/records';
import type { AncoStatus } from '#shared/domain/anco';
import { masterDisease } from '#shared/domain/diseases';
import { numberForInput } from '#shared/domain/number-input';
import {
  type AncoPond,
  ancoComplete,
  dayProblem,
  isHhMm,
  num,
  parseTagInput,
  tagsValid,
  type WaterChangePond,
  waterChangeProblem,
} from './records-model.ts';

/**
 * The edit dialogs' rules (the create screens' own, from records-model.ts): each turns
 * what is typed into the fields that differ from the stored record, or names the first
 * problem (a key of the `records` namespace) so nothing half-valid is saved.
 */
export type EditCheck<T> =
  | { changes: Partial<T>; problem?: undefined }
  | { problem: { key: string; params?: Record<string, string> }; changes?: undefined };

interface DayRules {
  today: string;
  /** The record's cycle start (YYYY-MM-DD) when the mirror holds it. */
  cycleStart?: string;
}

function dayIssue(day: string, { today, cycleStart }: DayRules): EditCheck<never>['problem'] | null {
  const p = dayProblem(day, today, cycleStart);
  if (p === 'future') return { key: 'common.future' };
  if (p === 'beforeCycle') return { key: 'edit.beforeCycle', params: { date: cycleStart ?? '' } };
  return null;
}

/** The fields of `next` whose value differs from `row`'s (arrays compared by content). */
export function diffFields<T extends object>(row: T, next: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [field, value] of Object.entries(next) as [keyof T, T[keyof T]][]) {
    if (JSON.stringify(row[field] ?? null) !== JSON.stringify(value ?? null)) out[field] = value;
  }
  return out;
}

const numText = (n: number | null | undefined) => numberForInput(n, typingLanguage());
const parseNum = (raw: string): number | null => num(raw);

// ── Anco ──────────────────────────────────────────────────────────────────────────

export interface AncoEdit {
  date: string;
  time: string;
  feeding: number;
  pond: AncoPond;
}

export const ancoEditOf = (row: Anco): AncoEdit => {
  const statuses = [...row.data_anco].sort((a, b) => a.tray - b.tray).map((d) => d.status);
  return {
    date: row.check_date,
    time: row.checked_at,
    feeding: row.feeding_time,
    pond: { trays: statuses.length, statuses },
  };
};

export function checkAncoEdit(row: Anco, edit: AncoEdit, rules: DayRules): EditCheck<Anco> {
  const day = dayIssue(edit.date, rules);
  if (day) return { problem: day };
  if (!isHhMm(edit.time)) return { problem: { key: 'common.badTime' } };
  if (!ancoComplete(edit.pond)) return { problem: { key: 'edit.allTrays' } };
  return {
    changes: diffFields(row, {
      check_date: edit.date,
      checked_at: edit.time,
      feeding_time: edit.feeding,
      data_anco: edit.pond.statuses.map((status, i) => ({ tray: i + 1, status: status as AncoStatus })),
    }),
  };
}

// ── Water change ──────────────────────────────────────────────────────────────────

export interface WaterChangeEdit extends WaterChangePond {
  date: string;
  time: string;
}

export const waterChangeEditOf = (row: WaterChange): WaterChangeEdit => ({
  date: row.change_date,
  time: row.change_time ?? '',
  percent: numText(row.percent),
  height: numText(row.height_cm),
  note: row.note ?? '',
});

export function checkWaterChangeEdit(
  row: WaterChange,
  edit: WaterChangeEdit,
  rules: DayRules,
): EditCheck<WaterChange> {
  const day = dayIssue(edit.date, rules);
  if (day) return { problem: day };
  if (edit.time !== '' && !isHhMm(edit.time)) return { problem: { key: 'common.badTime' } };
  const problem = waterChangeProblem(edit);
  if (problem) return { problem: { key: `waterChange.${problem}` } };
  return {
    changes: diffFields(row, {
      change_date: edit.date,
      change_time: edit.time || null,
      percent: parseNum(edit.percent),
      height_cm: parseNum(edit.height),
      note: edit.note.trim() || null,
    }),
  };
}

// ── Note ──────────────────────────────────────────────────────────────────────────

export interface NoteEdit {
  date: string;
  title: string;
  tags: string;
  description: string;
}

export const noteEditOf = (row: Note): NoteEdit => ({
  date: row.note_date,
  title: row.title,
  tags: row.tags.join(', '),
  description: row.description,
});

export function checkNoteEdit(row: Note, edit: NoteEdit, rules: DayRules): EditCheck<Note> {
  if (!edit.title.trim()) return { problem: { key: 'notes.titleRequired' } };
  const day = dayIssue(edit.date, { today: rules.today });
  if (day) return { problem: day };
  const tags = parseTagInput(edit.tags);
  if (!tagsValid(tags)) return { problem: { key: 'notes.tooManyTags' } };
  return {
    changes: diffFields(row, {
      note_date: edit.date,
      title: edit.title.trim(),
      tags,
      description: edit.description.trim(),
    }),
  };
}

// ── Disease ───────────────────────────────────────────────────────────────────────

export interface DiseaseEdit {
  date: string;
  diseaseId: string;
  severity: number | null;
  affected: string;
  note: string;
}

export const diseaseEditOf = (row: Disease): DiseaseEdit => ({
  date: row.disease_date,
  diseaseId: String(row.master_disease_id),
  severity: row.severity,
  affected: numText(row.affected_percent),
  note: row.note ?? '',
});

export function checkDiseaseEdit(row: Disease, edit: DiseaseEdit, rules: DayRules): EditCheck<Disease> {
  const master = edit.diseaseId ? masterDisease(Number(edit.diseaseId)) : undefined;
  if (!master) return { problem: { key: 'disease.required' } };
  const day = dayIssue(edit.date, rules);
  if (day) return { problem: day };
  const affected = parseNum(edit.affected);
  if (affected !== null && !(affected >= 0 && affected <= 100)) return { problem: { key: 'disease.range' } };
  return {
    changes: diffFields(row, {
      disease_date: edit.date,
      master_disease_id: master.id,
      severity: edit.severity,
      affected_percent: affected,
      note: edit.note.trim() || null,
    }),
  };
}
