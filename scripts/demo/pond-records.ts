import { at, cycleDays, daysBetween } from './calendar.ts';
import type { DemoContext, DemoGenerator, DemoRow, RoundCycle } from './context.ts';
import { seededOf, seededPondNames } from './seeded-problems.ts';

/** Days before today in which every running pond's trays are checked daily and eaten well, bar the seeded ones. */
const RECENT_DAYS = 10;

const TRAYS = 4;
const FEEDINGS: [number, string][] = [
  [1, '08:30'],
  [2, '12:30'],
  [3, '16:30'],
  [4, '20:30'],
];
const NOTES: { title: string; tags: string[]; description: string }[] = [
  {
    title: 'Kincir 2 mati sebentar',
    tags: ['kincir', 'listrik'],
    description: 'Listrik padam 40 menit sore hari; kincir cadangan dinyalakan.',
  },
  {
    title: 'Pengapuran',
    tags: ['kapur', 'alkalinitas'],
    description: 'Kapur dolomit 25 kg ditebar malam hari untuk menaikkan alkalinitas.',
  },
  {
    title: 'Air hijau pekat',
    tags: ['plankton', 'air'],
    description: 'Warna air hijau pekat, kecerahan 25 cm; rencanakan ganti air besok pagi.',
  },
  {
    title: 'Udang naik ke permukaan',
    tags: ['oksigen', 'pengamatan'],
    description: 'Subuh udang terlihat di pinggir; DO diukur dan kincir ditambah.',
  },
];

/**
 * Daily pond records of the demo: feed trays every other day from DOC 15 (mostly
 * empty, "a lot left" on bad days) and every day in the last RECENT_DAYS, when only the
 * seeded ponds' trays say "a lot left" (yesterday and today, every tray); a water change
 * every four to six days from DOC 30, a note now and then, and a disease record in one
 * cycle in eight (white feces or vibriosis late in the cycle, white spot rarely), never
 * in a seeded pond's running cycle.
 */
async function recordsRound(ctx: DemoContext, round: RoundCycle[]): Promise<void> {
  const anco: DemoRow[] = [];
  const changes: DemoRow[] = [];
  const traysLeft = new Set(seededOf('trays_left').map((p) => p.pond));
  // Before the day's first feeding no tray is checked yet today: the seeded ponds' last two
  // checks are then yesterday's and the day before's.
  const checkedToday = ctx.happened(ctx.today, FEEDINGS[0]?.[1] as string);
  const leftDays = checkedToday ? 2 : 3;
  for (const { pond, cycle } of round) {
    const rng = ctx.rngFor(`records:${cycle.id}`);
    let nextChange = 30 + rng.int(0, 5);
    for (const day of cycleDays(cycle, ctx.today)) {
      const doc = daysBetween(cycle.start, day) + 1;
      if (cycle.end && day === cycle.end) break;
      const recent = !cycle.end && daysBetween(day, ctx.today) < RECENT_DAYS;
      if (doc >= 15 && (doc % 2 === 0 || recent)) {
        const planned = FEEDINGS[rng.int(0, FEEDINGS.length - 1)] as [number, string];
        // Today's check at a feeding that has already come (none yet: no check today).
        const [feeding, time] = ctx.happened(day, planned[1])
          ? planned
          : (FEEDINGS.filter(([, t]) => ctx.happened(day, t)).at(-1) ?? planned);
        const drawn = rng.weighted({ good: 6, fair: 3, poor: 1 });
        const appetite = !recent
          ? drawn
          : traysLeft.has(pond.name) && daysBetween(day, ctx.today) < leftDays
            ? 'none'
            : drawn === 'poor'
              ? 'fair'
              : drawn;
        if (ctx.happened(day, time))
          anco.push({
            id: ctx.id(`anco:${cycle.id}:${day}`, at(day, time)),
            pond_id: pond.id,
            cycle_id: cycle.id,
            check_date: day,
            feeding_time: feeding,
            checked_at: time,
            data_anco: Array.from({ length: TRAYS }, (_, i) => ({
              tray: i + 1,
              status:
                appetite === 'good'
                  ? rng.chance(0.85)
                    ? 'habis'
                    : 'sisa_sedikit'
                  : appetite === 'fair'
                    ? rng.pick(['habis', 'sisa_sedikit', 'sisa_sedikit'])
                    : appetite === 'poor'
                      ? rng.pick(['sisa_sedikit', 'sisa_banyak', 'sisa_banyak'])
                      : 'sisa_banyak',
            })),
          });
      }
      if (doc === nextChange && ctx.happened(day, '07:00')) {
        changes.push({
          id: ctx.id(`water-change:${cycle.id}:${day}`, at(day, '07:00')),
          pond_id: pond.id,
          cycle_id: cycle.id,
          change_date: day,
          change_time: '07:00',
          percent: rng.int(5, 20),
          height_cm: rng.int(5, 20),
        });
        nextChange += rng.int(4, 6);
      }
    }
    await notesAndDisease(ctx, pond.id, cycle, !cycle.end && seededPondNames().has(pond.name));
  }
  await ctx.api.bulk('/anco/bulk', anco);
  await ctx.api.bulk('/waterChange/bulk', changes);
}

async function notesAndDisease(
  ctx: DemoContext,
  pondId: string,
  cycle: RoundCycle['cycle'],
  seeded: boolean,
): Promise<void> {
  const rng = ctx.rngFor(`notes:${cycle.id}`);
  const days = cycleDays(cycle, ctx.today).slice(0, cycle.end ? -1 : undefined);
  if (days.length < 20) return;
  for (let n = 0; n < 2; n++) {
    if (!rng.chance(0.5)) continue;
    const day = days[rng.int(10, days.length - 1)] as string;
    const note = rng.pick(NOTES);
    if (!ctx.happened(day, '17:00')) continue;
    await ctx.api.call('POST', '/note', {
      id: ctx.id(`note:${cycle.id}:${n}`, at(day, '17:00')),
      farm_id: ctx.farmId,
      pond_id: pondId,
      note_date: day,
      ...note,
    });
  }
  if (days.length > 60 && rng.chance(0.125) && !seeded) {
    const day = days[rng.int(45, days.length - 1)] as string;
    const disease = rng.weighted({ 5: 4, 7: 3, 1: 1 });
    if (!ctx.happened(day, '09:00')) return;
    await ctx.api.call('POST', '/disease', {
      id: ctx.id(`disease:${cycle.id}`, at(day, '09:00')),
      pond_id: pondId,
      cycle_id: cycle.id,
      disease_date: day,
      master_disease_id: Number(disease),
      severity: rng.int(1, 2),
      affected_percent: rng.int(2, 15),
      note: 'Teramati saat sampling pagi.',
    });
  }
}

export const pondRecords: DemoGenerator = { name: 'records', round: recordsRound };
