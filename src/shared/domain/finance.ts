/**
 * Finance constants shared by server and client (seed 000 §3, issue 16): transaction
 * types, payment methods, category icons, the built-in categories and the money limits.
 * Money is integer rupiah everywhere (ADR 0017): a transaction's `nominal` is a JSON
 * integer (at most Rp 1 trillion, always a safe integer); sums are decimal strings.
 */
export const TRANSACTION_TYPES = ['in', 'out'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Payment methods (`metode`). */
export const PAYMENT_METHODS = ['cash', 'transfer', 'e-wallet', 'giro', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The largest single amount accepted: Rp 1,000,000,000,000. */
export const MAX_NOMINAL = 1_000_000_000_000;

/** Icon keys a category may carry; the client draws each from its finance icon set. */
export const CATEGORY_ICONS = [
  'harvest',
  'feed',
  'seed',
  'probiotic',
  'chemical',
  'electricity',
  'fuel',
  'labour',
  'maintenance',
  'equipment',
  'transport',
  'water',
  'lab',
  'cash',
  'other',
] as const;
export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

export interface BuiltInCategory {
  id: string;
  key: string;
  type: TransactionType;
  icon: CategoryIcon;
  /** Stored name (Indonesian); clients print the translation of `key`. */
  name: string;
}

const builtIn = (n: number, key: string, type: TransactionType, icon: CategoryIcon, name: string) => ({
  id: `0190a000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`,
  key,
  type,
  icon,
  name,
});

/** Every farm's categories before its own ones (farm_id null in the database). */
export const BUILT_IN_CATEGORIES: readonly BuiltInCategory[] = [
  builtIn(1, 'harvest-sale', 'in', 'harvest', 'Penjualan panen'),
  builtIn(2, 'other-income', 'in', 'cash', 'Pemasukan lain'),
  builtIn(3, 'feed', 'out', 'feed', 'Pakan'),
  builtIn(4, 'seed', 'out', 'seed', 'Benur'),
  builtIn(5, 'probiotics', 'out', 'probiotic', 'Probiotik'),
  builtIn(6, 'chemicals', 'out', 'chemical', 'Bahan kimia'),
  builtIn(7, 'electricity', 'out', 'electricity', 'Listrik'),
  builtIn(8, 'fuel', 'out', 'fuel', 'Bahan bakar'),
  builtIn(9, 'labour', 'out', 'labour', 'Tenaga kerja'),
  builtIn(10, 'maintenance', 'out', 'maintenance', 'Perawatan'),
  builtIn(11, 'equipment', 'out', 'equipment', 'Peralatan'),
  builtIn(12, 'other-expense', 'out', 'other', 'Lainnya'),
];

export const BUILT_IN_ID = Object.fromEntries(BUILT_IN_CATEGORIES.map((c) => [c.key, c.id])) as Record<
  string,
  string
>;

/** Sources that propose a transaction (issue 16 point 6). */
export const PROPOSAL_SOURCES = ['harvest', 'purchase-order'] as const;
export type ProposalSource = (typeof PROPOSAL_SOURCES)[number];

/**
 * A transaction's day against its account: never before the day the account was opened.
 * The transaction form refuses it at the date field and the server (transaction.service.ts)
 * with the same message, so a record is never shown saved and then refused for it.
 */
export function transactionDateProblem(
  date: string,
  accountStart: string | undefined,
): { key: 'finance.before-open'; params: { date: string } } | null {
  return accountStart && date < accountStart
    ? { key: 'finance.before-open', params: { date: accountStart } }
    : null;
}
