// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIRROR_TABLES } from '#local/db';
import { saveRecords } from '#local/outbox';
import { ANCO, FINANCE_TRANSACTIONS, WAREHOUSE_MOVEMENTS, WATER_GENERAL } from '#local/resources';
import { FEED_CATEGORY_ID } from '#shared/domain/warehouse';
import { FARM, setupSyncUiHarness, withProviders } from '#test/helpers/sync-ui.tsx';
import { syncLocales } from './locales.ts';
import { recordLabel } from './record-label.ts';
import { SyncScreen } from './sync-screen.tsx';

const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', async () =>
  (await import('#test/helpers/sync-ui.tsx')).routerStub(navigate),
);

const { db } = setupSyncUiHarness();
const POND = '01950000-0000-7000-8000-0000000000a3';
const ITEM = '01950000-0000-7000-8000-0000000000e1';
const ACCOUNT = '01950000-0000-7000-8000-0000000000c1';

afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('id'));
});

describe('recordLabel', () => {
  it('names a feed use, another item use, a tray check, a water change and a transaction', () => {
    const use = { kind: 'use', warehouse_id: ITEM, used_on: '2026-03-02', time: '06:00' };
    expect(recordLabel('warehouseMovements', use, { itemCategory: FEED_CATEGORY_ID })).toEqual({
      kind: 'feed',
      day: '2026-03-02',
      slot: '06:00',
    });
    expect(recordLabel('warehouseMovements', use, { itemCategory: 1 }).kind).toBe('itemUse');
    expect(recordLabel('warehouseMovements', { kind: 'store', used_on: '2026-03-02' }).kind).toBe('restock');
    expect(recordLabel('anco', { check_date: '2026-03-02', feeding_time: 1 })).toEqual({
      kind: 'anco',
      day: '2026-03-02',
      slot: undefined,
    });
    expect(recordLabel('waterChanges', { change_date: '2026-03-02', change_time: '09:30' }).slot).toBe(
      '09:30',
    );
    expect(recordLabel('waterGeneral', { measured_at: '2026-03-02T06:00:00+07:00' })).toEqual({
      kind: 'waterGeneral',
      at: '2026-03-02T06:00:00+07:00',
    });
    expect(recordLabel('financeTransactions', { transaction_date: '2026-02-01' }).day).toBe('2026-02-01');
    expect(recordLabel(undefined, undefined).kind).toBe('other');
  });

  it('every record kind the phone can queue has a name in both languages', () => {
    const kinds = [...MIRROR_TABLES, 'feed', 'itemUse', 'restock', 'removal', 'other'];
    for (const lang of ['id', 'en'] as const) {
      const names = syncLocales[lang].record as Record<string, string>;
      for (const kind of kinds) expect(names[kind], `${lang} ${kind}`).toBeTruthy();
    }
  });
});

async function seedRound() {
  await db.ponds.put({
    pond_id: POND,
    farm_id: FARM,
    block_id: 'b',
    name: 'Kolam A3',
    area: 2500,
    updated_at: '',
    _status: 'synced',
  } as never);
  await db.warehouseItems.put({
    warehouse_id: ITEM,
    farm_id: FARM,
    product_id: 'p',
    product_name: 'Pakan 01',
    category_id: FEED_CATEGORY_ID,
    category_name: 'Pakan',
    qty: 100,
    unit: 'Kg',
    minimum_stock: 0,
    price: 15000,
    stock_state: 'ok',
    created_at: '',
    updated_at: '',
    deleted_at: null,
    _status: 'synced',
  } as never);
  await saveRecords(db, WAREHOUSE_MOVEMENTS, [
    {
      farm_id: FARM,
      warehouse_id: ITEM,
      kind: 'use',
      qty: 2.5,
      pond_id: POND,
      used_on: '2026-03-02',
      time: '06:00',
    },
  ]);
  await saveRecords(db, ANCO, [
    { farm_id: FARM, pond_id: POND, check_date: '2026-03-02', feeding_time: 1, data_anco: [1, 1, 2, 1] },
  ]);
  await saveRecords(db, WATER_GENERAL, [
    { farm_id: FARM, pond_id: POND, measured_at: '2026-03-02T06:00:00+07:00', ph: 7.8 },
  ]);
  const [txEntry] = await saveRecords(db, FINANCE_TRANSACTIONS, [
    {
      farm_id: FARM,
      account_id: ACCOUNT,
      transaction_date: '2026-02-01',
      type: 'expense',
      nominal: 1_500_000,
    },
  ]);
  // The server refused it in English (the request's language), naming the raw field.
  const error = {
    code: 'validation-failed',
    message: 'The data sent is not valid.',
    fields: { transaction_date: ['The date cannot be before the account was opened (2026-03-01).'] },
    issues: { transaction_date: [{ key: 'finance.before-open', params: { date: '2026-03-01' } }] },
  };
  const entry = await db.outbox.get(txEntry);
  await db.outbox.put({ ...entry!, status: 'failed', attempts: 1, lastError: error });
  const row = (await db.financeTransactions.toArray())[0];
  await db.financeTransactions.put({ ...row, _status: 'failed', _error: error });
  return row.transaction_record_id;
}

describe('sync screen labels and refusals', () => {
  it("names each waiting record by kind, pond and slot, and words a refusal in the reader's language by the field label", async () => {
    const txId = await seedRound();
    render(withProviders(<SyncScreen />));
    expect(await screen.findByText('Pakan · Kolam A3 · 06:00')).toBeTruthy();
    expect(screen.getByText('Anco · Kolam A3')).toBeTruthy();
    expect(screen.getByText(/^Kualitas air \(umum\) · Kolam A3 · \d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getByText('Transaksi')).toBeTruthy();
    expect(screen.queryByText(/^Data$/)).toBeNull();
    expect(screen.getByText('Tanggal transaksi:')).toBeTruthy();
    expect(screen.getByText(/Tanggal tidak boleh sebelum akun dibuka \(01 Mar 2026\)\./)).toBeTruthy();
    expect(screen.queryByText(/transaction_date/)).toBeNull();
    expect(screen.queryByText(/cannot be before/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Perbaiki' }));
    expect(navigate).toHaveBeenCalledWith({
      href: `/farm/${FARM}/finance?tab=transactions&transaction_id=${encodeURIComponent(txId)}`,
    });

    await act(() => i18next.changeLanguage('en'));
    expect(await screen.findByText('Feed · Kolam A3 · 06:00')).toBeTruthy();
    expect(screen.getByText('Feed tray · Kolam A3')).toBeTruthy();
    expect(screen.getByText('Transaction date:')).toBeTruthy();
    expect(
      screen.getByText(/The date cannot be before the account was opened \(01 Mar 2026\)\./),
    ).toBeTruthy();
  });
});
