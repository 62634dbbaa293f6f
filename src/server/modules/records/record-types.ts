import { ANCO_MAX_FEEDINGS } from '#shared/domain/anco';
import type { Feature } from '#shared/domain/permissions';
import type { FieldMessages, FieldSpec } from './record-fields.ts';

export type RecordTable = 'anco_checks' | 'water_changes' | 'notes' | 'disease_records';

/**
 * One daily pond record type: its table, the permission feature it follows (seed 000 §6),
 * the day field every rule checks (not before the cycle's start, not after today on the
 * farm) and its value fields. API field names are the column names.
 */
export interface RecordType {
  name: string;
  table: RecordTable;
  feature: Feature;
  dateField: string;
  /** A second sort key after the date, newest first (an HH:mm field). */
  timeField?: string;
  fields: Record<string, FieldSpec>;
  /** Fields stored as jsonb. */
  json?: string[];
  /** Fields stored as numeric (pg answers strings). */
  numeric?: string[];
  /** Fields a create may set but an edit may not. */
  createOnly?: string[];
  /** Notes: the pond is optional, and then so is the cycle; no cycle rules. */
  farmLevel?: boolean;
  /** Fields the server derives (read, never written by a client). */
  derived?: string[];
  /** A rule across fields, on the record as it would be stored. */
  check?: (values: Record<string, unknown>) => FieldMessages;
}

/**
 * Anco uses the `cycle` feature (seed 000 §6: "cycle (also used for anco)"). Water changes
 * have no feature of their own in the matrix; they are cycle work like anco, so `cycle`
 * too. Notes have none either: `cycle` as well (their pond, when given, adds pond access).
 */
export const ANCO: RecordType = {
  name: 'anco',
  table: 'anco_checks',
  feature: 'cycle',
  dateField: 'check_date',
  timeField: 'checked_at',
  fields: {
    check_date: { kind: 'date', required: true },
    feeding_time: { kind: 'int', min: 1, max: ANCO_MAX_FEEDINGS, required: true },
    checked_at: { kind: 'time', required: true },
    data_anco: { kind: 'anco' },
    note: { kind: 'text', max: 500 },
  },
  json: ['data_anco'],
};

export const WATER_CHANGE: RecordType = {
  name: 'waterChange',
  table: 'water_changes',
  feature: 'cycle',
  dateField: 'change_date',
  timeField: 'change_time',
  fields: {
    change_date: { kind: 'date', required: true },
    change_time: { kind: 'time' },
    percent: { kind: 'num', min: 0, max: 100 },
    height_cm: { kind: 'num', min: 0, max: 500 },
    note: { kind: 'text', max: 500 },
  },
  numeric: ['percent', 'height_cm', 'total_water_m3'],
  // Seed 000 §3 "total water": the pond's area × the height, kept by the database (0039).
  derived: ['total_water_m3'],
  check: (v): FieldMessages =>
    v.percent === null && v.height_cm === null ? { percent: [{ key: 'validation.water-change-empty' }] } : {},
};

export const NOTE: RecordType = {
  name: 'note',
  table: 'notes',
  feature: 'cycle',
  dateField: 'note_date',
  farmLevel: true,
  fields: {
    note_date: { kind: 'date', required: true },
    title: { kind: 'text', max: 120, required: true },
    tags: { kind: 'tags' },
    description: { kind: 'text', max: 4000, empty: '' },
  },
  json: ['tags'],
};

export const DISEASE: RecordType = {
  name: 'disease',
  table: 'disease_records',
  feature: 'disease',
  dateField: 'disease_date',
  fields: {
    disease_date: { kind: 'date', required: true },
    master_disease_id: { kind: 'master' },
    severity: { kind: 'int', min: 1, max: 3 },
    affected_percent: { kind: 'num', min: 0, max: 100 },
    note: { kind: 'text', max: 1000 },
  },
  numeric: ['affected_percent'],
};
