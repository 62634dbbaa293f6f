import { describe, expect, it } from 'vitest';
import { createInstallChoice, SNOOZE_DAYS } from './install-choice.ts';

const DAY = 86_400_000;
function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('install offer choice (issue 12 point 9)', () => {
  const now = Date.UTC(2026, 10, 25, 6, 0);

  it('offers when nothing was answered', () => {
    expect(createInstallChoice(memory()).mayOffer(now)).toBe(true);
  });

  it('"not now" stays quiet for the snooze, then asks again', () => {
    const choice = createInstallChoice(memory());
    choice.remember('later', now);
    expect(choice.mayOffer(now + (SNOOZE_DAYS - 1) * DAY)).toBe(false);
    expect(choice.mayOffer(now + SNOOZE_DAYS * DAY)).toBe(true);
  });

  it('"never" and an installed app never ask again', () => {
    for (const answer of ['never', 'installed'] as const) {
      const choice = createInstallChoice(memory());
      choice.remember(answer, now);
      expect(choice.mayOffer(now + 365 * DAY)).toBe(false);
    }
  });

  it("reads the older build's dismissal as 'not now' from today", () => {
    const storage = memory({ 'tambak:install-dismissed': '1' });
    const choice = createInstallChoice(storage);
    expect(choice.mayOffer(now)).toBe(false);
    expect(storage.data.has('tambak:install-dismissed')).toBe(false);
    expect(choice.mayOffer(now + SNOOZE_DAYS * DAY)).toBe(true);
  });

  it('asks again when what is stored is unreadable, and works without storage', () => {
    expect(createInstallChoice(memory({ 'tambak:install-choice': '{nope' })).mayOffer(now)).toBe(true);
    const none = createInstallChoice(null);
    none.remember('never', now);
    expect(none.mayOffer(now)).toBe(true);
  });
});
