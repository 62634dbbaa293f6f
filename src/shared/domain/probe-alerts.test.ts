import { describe, expect, it } from 'vitest';
import { type ProbeEpisode, stepEpisode } from './probe-alerts.ts';
import { VANNAMEI_STANDARDS } from './water-standards.ts';

const WIB = 420;
/** 03:00 WIB plus `minutes`. */
const at = (minutes: number) => new Date(Date.parse('2026-11-28T20:00:00Z') + minutes * 60_000);

function run(values: number[], sustain = 10) {
  let episode: ProbeEpisode | null = null;
  const events: (string | null)[] = [];
  values.forEach((value, minute) => {
    const step = stepEpisode(
      episode,
      { parameter: 'do', value, measuredAt: at(minute) },
      VANNAMEI_STANDARDS,
      WIB,
      sustain,
    );
    episode = step.episode;
    events.push(step.event);
  });
  return { events, episode: episode as ProbeEpisode | null };
}

describe('probe alert hysteresis', () => {
  it('raises once after the value stayed below the limit for the sustain time', () => {
    const { events, episode } = run([5, 3.8, 3.6, 3.5, 3.4, 3.3, 3.2, 3.1, 3, 2.9, 2.8, 2.7, 2.6]);
    expect(events.filter((e) => e === 'raised')).toHaveLength(1);
    expect(events.indexOf('raised')).toBe(11); // first low at minute 1, held 10 minutes
    expect(episode?.worst).toBe(2.6);
  });

  it('drops a short dip without an alert', () => {
    const { events, episode } = run([3.5, 3.6, 4.5, 5]);
    expect(events.every((e) => e === null)).toBe(true);
    expect(episode).toBeNull();
  });

  it('does not clear at the limit, only past its margin', () => {
    const low = Array.from({ length: 12 }, () => 3);
    const { events } = run([...low, 4.1, 3.9, 4.2, 4.4]);
    expect(events.filter((e) => e === 'raised')).toHaveLength(1);
    expect(events.slice(12)).toEqual([null, null, null, 'cleared']);
  });

  it('ignores a reading older than the episode has seen', () => {
    const step = stepEpisode(
      { direction: 'low', limit: 4, startedAt: at(0), raisedAt: at(10), worst: 3, lastAt: at(10) },
      { parameter: 'do', value: 6, measuredAt: at(5) },
      VANNAMEI_STANDARDS,
      WIB,
    );
    expect(step.event).toBeNull();
    expect(step.episode?.raisedAt).toEqual(at(10));
  });
});
