import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReview, type ReviewReading } from '../../src/features/review/review-model.ts';
import { outOfStandard } from '../../src/features/water/water-fields.ts';
import type { App } from '../../src/server/app.ts';
import { waterReadingAlerts } from '../../src/shared/domain/water-alerts.ts';
import { standardsOfSlot, VANNAMEI_STANDARDS } from '../../src/shared/domain/water-standards.ts';
import { createFarm, type FarmSetup, type QuickUser, quickUser } from '../helpers/farm-fixtures.ts';
import { createTestApp } from '../helpers/test-app.ts';

/**
 * Issue 31 point 4: the same reading is flagged in the entry form, the daily review, the
 * analysis and the alerts, or in none. One day of one pond's readings, each judged by its
 * slot's range (morning pH 7.5–8.0 and 27.5 °C are normal; -99 never flagged), through
 * each code path: the entry form's flag, the review model, GET /api/farm/water/standar
 * and the alerts the server stored after the bulk write (plus the alert rule itself).
 */
const DAY = '2025-06-10';
const READINGS = [
  { time: '06:00', values: { ph: 7.6, do: 4.4, temperature: 27.5, salinity: 20 } },
  { time: '06:30', values: { ph: 7.4, do: -99, temperature: 27, salinity: 26 } },
  { time: '14:00', values: { ph: 7.9, do: 6.1, temperature: 27.5, salinity: 20 } },
  { time: '22:00', values: { ph: 8.4, do: 3.5, temperature: 29, salinity: -99 } },
] as const;
const EXPECTED = [
  '06:30 ph',
  '06:30 salinity',
  '14:00 ph',
  '14:00 temperature',
  '22:00 do',
  '22:00 ph',
].sort();
const PARAMETERS = ['ph', 'do', 'temperature', 'salinity'] as const;
const slotOf = (time: string) => (time < '12:00' ? 'morning' : time < '18:00' ? 'afternoon' : 'evening');

let app: App;
let owner: QuickUser;
let farm: FarmSetup;

beforeAll(async () => {
  app = await createTestApp();
  owner = await quickUser(app, 'Owner');
  farm = await createFarm(app, owner, 1);
  // Each reading its own pond-day-slot so the alert de-duplication (one per slot) hides nothing.
  for (const r of READINGS) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/water/general/bulk',
      headers: owner.auth,
      payload: {
        items: [
          { id: uuidv7(), pond_id: farm.pondIds[0], measured_at: `${DAY}T${r.time}:00+07:00`, ...r.values },
        ],
      },
    });
    expect(res.json().data.results[0].status).toBe('ok');
    await app.ctx.alerts.idle();
  }
});
afterAll(() => app.close());

describe('one rule set', () => {
  it('the entry form flags exactly the expected values', () => {
    const flagged = READINGS.flatMap((r) =>
      PARAMETERS.filter((p) =>
        outOfStandard(
          'general',
          p,
          String(r.values[p]),
          standardsOfSlot(VANNAMEI_STANDARDS, slotOf(r.time)),
          'en',
        ),
      ).map((p) => `${r.time} ${p}`),
    );
    expect(flagged.sort()).toEqual(EXPECTED);
  });

  it('the daily review flags the same ones', () => {
    // One review a reading (the review shows the latest reading of a slot).
    const flagged = READINGS.flatMap((r, i) => {
      const row: ReviewReading = {
        id: `r${i}`,
        pond_id: 'p',
        measured_at: `${DAY}T${r.time}:00.000+07:00`,
        time_of_day: slotOf(r.time),
        created_by: null,
        ...r.values,
      };
      const model = buildReview({
        kind: 'general',
        day: DAY,
        ponds: [{ pond_id: 'p', name: 'Kolam 1', block_id: 'b', block_name: 'A' }],
        readings: [row],
        standards: VANNAMEI_STANDARDS,
        slots: [],
      });
      const cells = model.rows[0].cells;
      return PARAMETERS.filter((p) => {
        const cell = cells[`${slotOf(r.time)}:${p}`];
        return cell?.kind === 'value' && (cell.status === 'low' || cell.status === 'high');
      }).map((p) => `${r.time} ${p}`);
    });
    expect(flagged.sort()).toEqual(EXPECTED);
  });

  it('the analysis flags the same ones', async () => {
    const res = await app.inject({
      url: `/api/farm/water/standar?farm_id=${farm.farmId}&start_date=${DAY}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data as { parameter: string; out: { time: string }[] }[];
    const flagged = items
      .filter((i) => (PARAMETERS as readonly string[]).includes(i.parameter))
      .flatMap((i) => i.out.map((o) => `${o.time.slice(0, 5)} ${i.parameter}`));
    expect(flagged.sort()).toEqual(EXPECTED);
  });

  it('the alerts flag the same ones, from the server and from the rule', async () => {
    const notes = await app.ctx.db
      .selectFrom('notifications')
      .select('dedup_key')
      .where('user_id', '=', owner.id)
      .where('kind', '=', 'water')
      .execute();
    // water:<pond>:<parameter>:<day>:<slot>; one reading a slot except the morning's two.
    const bySlot = notes.map((n) => {
      const [, , parameter, , slot] = n.dedup_key.split(':');
      return `${slot} ${parameter}`;
    });
    const expectedBySlot = EXPECTED.map((e) => `${slotOf(e.slice(0, 5))} ${e.slice(6)}`);
    expect(bySlot.sort()).toEqual(expectedBySlot.sort());
    const fromRule = READINGS.flatMap((r) =>
      waterReadingAlerts({
        farmId: farm.farmId,
        settings: { waterStandards: VANNAMEI_STANDARDS, deathThreshold: null },
        record: {
          pond_id: 'p',
          measured_at: new Date(`${DAY}T${r.time}:00+07:00`),
          utc_offset: 420,
          time_of_day: slotOf(r.time),
          ...Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, v === -99 ? null : v])),
        },
      }).map((c) => `${r.time} ${c.key.split(':')[2]}`),
    );
    expect(fromRule.sort()).toEqual(EXPECTED);
  });
});
