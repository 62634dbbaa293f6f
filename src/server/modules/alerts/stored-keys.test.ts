import { describe, expect, it } from 'vitest';
import { StoredKeys } from './stored-keys.ts';

describe('StoredKeys', () => {
  it('knows a pair once added, per user and key', () => {
    const keys = new StoredKeys();
    keys.add('u1', 'water:p1:ph:2026-11-30:pagi');
    expect(keys.has('u1', 'water:p1:ph:2026-11-30:pagi')).toBe(true);
    expect(keys.has('u2', 'water:p1:ph:2026-11-30:pagi')).toBe(false);
    expect(keys.has('u1', 'water:p1:ph:2026-11-30:sore')).toBe(false);
  });

  it('does not mistake one pair for another whose parts join alike', () => {
    const keys = new StoredKeys();
    keys.add('u1', 'a b');
    expect(keys.has('u1 a', 'b')).toBe(false);
  });

  it('forgets the least recently seen pair past its limit', () => {
    const keys = new StoredKeys(2);
    keys.add('u', 'a');
    keys.add('u', 'b');
    expect(keys.has('u', 'a')).toBe(true); // a seen again: b is now the oldest
    keys.add('u', 'c');
    expect(keys.size).toBe(2);
    expect(keys.has('u', 'b')).toBe(false);
    expect(keys.has('u', 'a')).toBe(true);
    expect(keys.has('u', 'c')).toBe(true);
  });
});
