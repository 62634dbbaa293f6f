import { describe, expect, it } from 'vitest';
import { FIELD_MEMORY_KEY, rememberFields, usedFields } from './field-memory.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

const morning = { userId: 'u1', farmId: 'f1', form: 'water-quality/general', slot: 'morning' };

describe('field memory', () => {
  it('remembers nothing until a round was saved', () => {
    expect(usedFields(morning, memoryStorage())).toBeNull();
  });

  it('keeps the fields per user, farm, form and slot', () => {
    const storage = memoryStorage();
    rememberFields(morning, ['ph', 'do'], storage);
    expect([...(usedFields(morning, storage) ?? [])]).toEqual(['ph', 'do']);
    expect(usedFields({ ...morning, slot: 'evening' }, storage)).toBeNull();
    expect(usedFields({ ...morning, userId: 'u2' }, storage)).toBeNull();
    expect(usedFields({ ...morning, farmId: 'f2' }, storage)).toBeNull();
  });

  it('counts the last three rounds, so one odd morning does not hide a field for good', () => {
    const storage = memoryStorage();
    rememberFields(morning, ['ph', 'do', 'temperature'], storage);
    rememberFields(morning, ['ph'], storage);
    expect(usedFields(morning, storage)).toEqual(new Set(['ph', 'do', 'temperature']));
    rememberFields(morning, ['ph'], storage);
    rememberFields(morning, ['ph'], storage);
    expect(usedFields(morning, storage)).toEqual(new Set(['ph']));
  });

  it('survives a damaged entry and ignores an empty round', () => {
    const storage = memoryStorage();
    storage.setItem(FIELD_MEMORY_KEY, '{not json');
    expect(usedFields(morning, storage)).toBeNull();
    rememberFields(morning, [], storage);
    expect(usedFields(morning, storage)).toBeNull();
    rememberFields(morning, ['salinity'], storage);
    expect(usedFields(morning, storage)).toEqual(new Set(['salinity']));
  });
});
