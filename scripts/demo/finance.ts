/**
 * Demo finance data for one farm (issue 16 "The demo farm generator adds finance data"),
 * written through the public API so authorization, validation and idempotency apply.
 * Ids come from the seeded PRNG, so running again with the same seed and `today`
 * stores nothing twice (creates are upserts by id).
 *
 * The lead wires this into the demo command (docs/architecture.md recipe step 10):
 *   await generateFinance(client, farmId, rng, { days: 60 });
 */
import { v7 as uuidv7 } from 'uuid';
import { BUILT_IN_ID } from '../../src/shared/domain/finance.ts';

/** What the generator needs of the demo command's API client (paths without /api). */
export interface DemoApi {
  post<T>(path: string, body: unknown): Promise<T>;
}

export interface FinanceDemoOptions {
  /** How many days back from `today` (default 60). */
  days?: number;
  /** The last day (YYYY-MM-DD, default today in UTC); fix it for repeatable runs. */
  today?: string;
}

const DAY_MS = 86_400_000;

export async function generateFinance(
  api: DemoApi,
  farmId: string,
  rng: () => number,
  options: FinanceDemoOptions = {},
): Promise<{ accounts: number; transactions: number }> {
  const days = options.days ?? 60;
  const today = Date.parse(`${options.today ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const day = (offset: number) => new Date(today - offset * DAY_MS).toISOString().slice(0, 10);
  // Device-style UUIDv7 made from the PRNG: the same seed gives the same ids.
  const id = (offset: number) =>
    uuidv7({ msecs: today - offset * DAY_MS, random: Uint8Array.from({ length: 16 }, () => Math.floor(rng() * 256)) });
  const between = (min: number, max: number, step = 50_000) => Math.round((min + rng() * (max - min)) / step) * step;

  const cash = id(days);
  const bank = id(days);
  await api.post('/account', { account_id: cash, farm_id: farmId, name: 'Kas Tambak', created_at: day(days) });
  await api.post('/account', { account_id: bank, farm_id: farmId, name: 'Rekening Bank', created_at: day(days) });
  const transport = id(days);
  await api.post('/account/category', {
    category_transaction_id: transport,
    farm_id: farmId,
    type: 'out',
    category_icon: 'transport',
    category_transaction_name: 'Angkutan panen',
  });

  let count = 0;
  const book = async (offset: number, account: string, category: string, nominal: number, metode: string, note: string) => {
    await api.post('/transaction', {
      transaction_record_id: id(offset),
      account_id: account,
      category_transaction_id: category,
      metode,
      nominal,
      transaction_date: day(offset),
      note,
    });
    count += 1;
  };

  await book(days, bank, BUILT_IN_ID.seed, between(15_000_000, 25_000_000), 'transfer', 'Benur 300.000 ekor');
  for (let offset = days; offset >= 0; offset -= 1) {
    const weekday = (days - offset) % 7;
    if (weekday === 1) await book(offset, bank, BUILT_IN_ID.feed, between(4_000_000, 9_000_000), 'transfer', 'Pakan udang');
    if (weekday === 4 && rng() < 0.6)
      await book(offset, cash, BUILT_IN_ID.probiotics, between(300_000, 1_200_000), 'cash', 'Probiotik');
    if (weekday === 5 && rng() < 0.4) await book(offset, cash, BUILT_IN_ID.chemicals, between(200_000, 800_000), 'cash', 'Kapur dan kaporit');
    if ((days - offset) % 14 === 3) await book(offset, cash, BUILT_IN_ID.fuel, between(500_000, 1_500_000), 'cash', 'Solar genset');
    const date = new Date(today - offset * DAY_MS);
    if (date.getUTCDate() === 1) {
      await book(offset, bank, BUILT_IN_ID.electricity, between(2_000_000, 4_500_000), 'transfer', 'Listrik PLN');
      await book(offset, cash, BUILT_IN_ID.labour, 4 * 2_500_000, 'cash', 'Gaji 4 pekerja');
    }
    if (rng() < 0.05) await book(offset, cash, BUILT_IN_ID.maintenance, between(150_000, 900_000), 'cash', 'Perbaikan kincir');
  }
  // A partial harvest near the end: 1,200–1,800 kg at Rp 55,000–70,000 per kg.
  const harvestDay = Math.min(days, 10);
  const kg = Math.round(1200 + rng() * 600);
  const price = Math.round((55_000 + rng() * 15_000) / 500) * 500;
  await book(harvestDay, bank, BUILT_IN_ID['harvest-sale'], kg * price, 'transfer', `Panen parsial ${kg} kg`);
  await book(harvestDay, cash, transport, between(500_000, 1_500_000), 'cash', 'Angkutan ke pengepul');
  return { accounts: 2, transactions: count };
}
