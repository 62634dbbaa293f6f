// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FinanceAccount, FinanceCategory, FinanceTransaction } from '#shared/contracts/finance';
import { FARM, setupSyncUiHarness, withProviders } from '#test/helpers/sync-ui.tsx';
import { TransactionDialog } from './transaction-dialog.tsx';

vi.mock('@tanstack/react-router', async () =>
  (await import('#test/helpers/sync-ui.tsx')).routerStub(vi.fn()),
);

const { db } = setupSyncUiHarness();

const account = {
  account_id: '01950000-0000-7000-8000-0000000000c1',
  farm_id: FARM,
  name: 'Kas Tambak',
  start_date: '2026-03-01',
  end_date: 0,
  is_open: true,
  income: '0',
  expenses: '0',
  balance: '0',
} as unknown as FinanceAccount;
const category = {
  category_transaction_id: '01950000-0000-7000-8000-0000000000d1',
  farm_id: FARM,
  category_transaction_name: 'Listrik',
  type: 'out',
  category_icon: 'other',
  builtin_key: null,
} as unknown as FinanceCategory;

function open(transaction: FinanceTransaction | null = null) {
  const onClose = vi.fn();
  render(
    withProviders(
      <TransactionDialog
        farmId={FARM}
        accounts={[account]}
        categories={[category]}
        transaction={transaction}
        today="2026-03-10"
        onClose={onClose}
      />,
    ),
  );
  return onClose;
}

describe('transaction dialog: the form refuses what the server would', () => {
  it('refuses a day before the account opened at the date field, and queues nothing', async () => {
    const onClose = open();
    fireEvent.change(await screen.findByLabelText(/Nominal|Jumlah/), { target: { value: '1.500.000' } });
    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '2026-02-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Tanggal tidak boleh sebelum akun dibuka (01 Mar 2026).')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.financeTransactions.count()).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses an amount with a fraction of a rupiah, and queues nothing', async () => {
    open();
    fireEvent.change(await screen.findByLabelText(/Nominal|Jumlah/), { target: { value: '1.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(/Harus berupa bilangan bulat/)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
  });

  it('saves the same transaction dated on the opening day', async () => {
    const onClose = open();
    fireEvent.change(await screen.findByLabelText(/Nominal|Jumlah/), { target: { value: '1.500.000' } });
    fireEvent.change(screen.getByLabelText('Tanggal'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [row] = await db.financeTransactions.toArray();
    expect(row).toMatchObject({ nominal: 1_500_000, transaction_date: '2026-03-01' });
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('transaction dialog: a transaction older than the phone keeps', () => {
  it('is saved even when a whole-list pull dropped it from the mirror after the dialog opened', async () => {
    const older = {
      transaction_record_id: '01950000-0000-7000-8000-0000000000f1',
      farm_id: FARM,
      account_id: account.account_id,
      category_transaction_id: category.category_transaction_id,
      category_transaction_name: 'Listrik',
      category_icon: 'other',
      builtin_key: null,
      type: 'out',
      metode: 'cash',
      nominal: 750_000,
      transaction_date: '2026-03-05',
      note: '',
      photos: [],
      source_type: null,
      source_id: null,
      created_by: null,
      version: 3,
      _server: true,
    } as unknown as FinanceTransaction;
    const onClose = open(older);
    // Not in the mirror: the list took it in when Edit was pressed, a pull dropped it since.
    expect(await db.financeTransactions.count()).toBe(0);
    fireEvent.change(await screen.findByLabelText(/Nominal|Jumlah/), { target: { value: '800.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await db.financeTransactions.get(older.transaction_record_id)).toMatchObject({ nominal: 800_000 });
    expect(await db.outbox.count()).toBe(1);
  });
});
