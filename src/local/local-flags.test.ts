import { describe, expect, it } from 'vitest';
import { createLocalFlags, LOCAL_FLAGS_KEY } from './local-flags.ts';

const memory = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

describe('local flags (seed 000 §3: cost flag, wqs flag)', () => {
  it('are on by default, kept on the device across sessions, and tell listeners', () => {
    const storage = memory();
    const flags = createLocalFlags(storage);
    expect(flags.get()).toEqual({ cost: true, wqs: true, chatSound: true });
    let told = 0;
    const off = flags.subscribe(() => told++);
    flags.set('cost', false);
    expect(told).toBe(1);
    off();
    expect(createLocalFlags(storage).get()).toEqual({ cost: false, wqs: true, chatSound: true });
  });

  it('read an unreadable or foreign value as the defaults, and live without storage', () => {
    const storage = memory();
    storage.setItem(LOCAL_FLAGS_KEY, '{"cost":"no","wqs":false');
    expect(createLocalFlags(storage).get()).toEqual({ cost: true, wqs: true, chatSound: true });
    storage.setItem(LOCAL_FLAGS_KEY, '{"cost":"no","wqs":false}');
    expect(createLocalFlags(storage).get()).toEqual({ cost: true, wqs: false, chatSound: true });
    const none = createLocalFlags(null);
    none.set('wqs', false);
    expect(none.get().wqs).toBe(false);
  });
});
