import { describe, expect, it } from 'vitest';
import type { Anco, Disease, Note, WaterChange } from '#shared/contracts/records';
import { MASTER_DISEASES } from '#shared/domain/diseases';
import {
  ancoEditOf,
  checkAncoEdit,
  checkDiseaseEdit,
  checkNoteEdit,
  checkWaterChangeEdit,
  diffFields,
  diseaseEditOf,
  noteEditOf,
  waterChangeEditOf,
} from './record-edit-model.ts';

const base = {
  id: 'r1',
  farm_id: 'f',
  pond_id: 'p',
  cycle_id: 'c',
  created_by: 'u',
  created_by_name: null,
  created_at: '2026-05-02T00:00:00Z',
  updated_at: '2026-05-02T00:00:00Z',
  deleted_at: null,
  version: 1,
  field_clock: {},
  conflicts: [],
};
const rules = { today: '2026-05-10', cycleStart: '2026-05-01' };

const anco = {
  ...base,
  check_date: '2026-05-02',
  feeding_time: 1,
  checked_at: '08:00',
  data_anco: [
    { tray: 2, status: 'sisa_banyak' },
    { tray: 1, status: 'habis' },
  ],
  note: null,
} as unknown as Anco;

describe('anco edit', () => {
  it('starts from the stored trays in tray order and sends nothing when nothing changed', () => {
    const edit = ancoEditOf(anco);
    expect(edit.pond).toEqual({ trays: 2, statuses: ['habis', 'sisa_banyak'] });
    // Stored in tray order, the same statuses are no change.
    const sorted = { ...anco, data_anco: [...anco.data_anco].sort((a, b) => a.tray - b.tray) };
    expect(checkAncoEdit(sorted, edit, rules)).toEqual({ changes: {} });
  });

  it('sends the changed trays and feeding only', () => {
    const edit = ancoEditOf(anco);
    edit.pond.statuses[1] = 'sisa_sedikit';
    edit.feeding = 3;
    expect(checkAncoEdit(anco, edit, rules).changes).toEqual({
      feeding_time: 3,
      data_anco: [
        { tray: 1, status: 'habis' },
        { tray: 2, status: 'sisa_sedikit' },
      ],
    });
  });

  it('refuses an empty tray, a bad time, a future day and a day before the cycle', () => {
    const edit = ancoEditOf(anco);
    expect(
      checkAncoEdit(anco, { ...edit, pond: { trays: 2, statuses: ['habis', null] } }, rules).problem?.key,
    ).toBe('edit.allTrays');
    expect(checkAncoEdit(anco, { ...edit, time: '8:00' }, rules).problem?.key).toBe('common.badTime');
    expect(checkAncoEdit(anco, { ...edit, date: '2026-05-11' }, rules).problem?.key).toBe('common.future');
    expect(checkAncoEdit(anco, { ...edit, date: '2026-04-30' }, rules).problem).toEqual({
      key: 'edit.beforeCycle',
      params: { date: '2026-05-01' },
    });
  });
});

const change = {
  ...base,
  change_date: '2026-05-03',
  change_time: null,
  percent: 20,
  height_cm: null,
  note: null,
} as WaterChange;

describe('water change edit', () => {
  it('round-trips the stored values to no change, then sends a new percent and height', () => {
    const edit = waterChangeEditOf(change);
    expect(edit).toMatchObject({ percent: '20', height: '', time: '', note: '' });
    expect(checkWaterChangeEdit(change, edit, rules)).toEqual({ changes: {} });
    expect(checkWaterChangeEdit(change, { ...edit, percent: '25,5', height: '10' }, rules).changes).toEqual({
      percent: 25.5,
      height_cm: 10,
    });
  });

  it('uses the create rules: one of percent or height, 0–100 %, 0–500 cm, HH:mm', () => {
    const edit = waterChangeEditOf(change);
    const key = (patch: Partial<typeof edit>) =>
      checkWaterChangeEdit(change, { ...edit, ...patch }, rules).problem?.key;
    expect(key({ percent: '' })).toBe('waterChange.needOne');
    expect(key({ percent: '101' })).toBe('waterChange.range');
    expect(key({ percent: 'abc' })).toBe('waterChange.percentNumber');
    expect(key({ height: '501' })).toBe('waterChange.heightRange');
    expect(key({ time: '25:00' })).toBe('common.badTime');
    expect(key({ percent: '0' })).toBeUndefined();
  });
});

const note = {
  ...base,
  note_date: '2026-05-04',
  title: 'Kincir',
  tags: ['alat'],
  description: 'Kincir 2 mati',
} as Note;

describe('note edit', () => {
  it('parses the tags and sends changed fields only', () => {
    const edit = noteEditOf(note);
    expect(edit.tags).toBe('alat');
    expect(
      checkNoteEdit(note, { ...edit, tags: 'alat, listrik , Alat', title: ' Kincir ' }, rules).changes,
    ).toEqual({
      tags: ['alat', 'listrik'],
    });
  });

  it('needs a title and at most 10 tags; a note may be dated before a cycle', () => {
    const edit = noteEditOf(note);
    expect(checkNoteEdit(note, { ...edit, title: '  ' }, rules).problem?.key).toBe('notes.titleRequired');
    const many = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',');
    expect(checkNoteEdit(note, { ...edit, tags: many }, rules).problem?.key).toBe('notes.tooManyTags');
    expect(checkNoteEdit(note, { ...edit, date: '2026-01-01' }, rules).changes).toEqual({
      note_date: '2026-01-01',
    });
    expect(checkNoteEdit(note, { ...edit, date: '2026-05-11' }, rules).problem?.key).toBe('common.future');
  });
});

const disease = {
  ...base,
  disease_date: '2026-05-05',
  master_disease_id: MASTER_DISEASES[0].id,
  severity: null,
  affected_percent: null,
  note: null,
} as Disease;

describe('disease edit', () => {
  it('changes the disease, severity and note', () => {
    const edit = diseaseEditOf(disease);
    const other = MASTER_DISEASES[1].id;
    expect(
      checkDiseaseEdit(disease, { ...edit, diseaseId: String(other), severity: 3, note: ' berat ' }, rules)
        .changes,
    ).toEqual({ master_disease_id: other, severity: 3, note: 'berat' });
  });

  it('needs a disease of the master list and 0–100 % affected', () => {
    const edit = diseaseEditOf(disease);
    expect(checkDiseaseEdit(disease, { ...edit, diseaseId: '' }, rules).problem?.key).toBe(
      'disease.required',
    );
    expect(checkDiseaseEdit(disease, { ...edit, diseaseId: '99999' }, rules).problem?.key).toBe(
      'disease.required',
    );
    expect(checkDiseaseEdit(disease, { ...edit, affected: '120' }, rules).problem?.key).toBe('disease.range');
    expect(checkDiseaseEdit(disease, { ...edit, affected: '12,5' }, rules).changes).toEqual({
      affected_percent: 12.5,
    });
  });
});

describe('diffFields', () => {
  it('treats null and undefined alike and compares arrays by content', () => {
    expect(diffFields({ a: null as string | null, b: ['x'] }, { a: undefined, b: ['x'] })).toEqual({});
    expect(diffFields({ a: 1, b: ['x'] }, { a: 2, b: ['y'] })).toEqual({ a: 2, b: ['y'] });
  });
});
