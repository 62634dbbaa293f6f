import { type Static, Type } from 'typebox';
import { MAX_NOMINAL } from '../domain/finance.ts';
import { IsoDate, Since, Uuid } from './envelope.ts';
import { MergeFields } from './merge.ts';

/**
 * Finance (seed 000 §3/§7 "Finance", issue 16). Money (ADR 0017): `nominal` is a JSON
 * integer of rupiah, 1 … 1,000,000,000,000; every sum is a decimal string of integer
 * rupiah (`MoneyText`), since a sum of many amounts may pass 2^53.
 */
export const MoneyText = Type.String({ pattern: '^-?\\d+$', description: 'integer rupiah as text' });
export const Nominal = Type.Integer({ minimum: 1, maximum: MAX_NOMINAL, description: 'integer rupiah' });
const Name = Type.String({ minLength: 1, maxLength: 100 });
const Note = Type.String({ maxLength: 1000 });
// The literal lists are PAYMENT_METHODS, CATEGORY_ICONS and PROPOSAL_SOURCES of
// domain/finance.ts, written out so the static types stay literal (finance.test.ts compares).
const TypeInOut = Type.Union([Type.Literal('in'), Type.Literal('out')]);
export const Method = Type.Union([
  Type.Literal('cash'),
  Type.Literal('transfer'),
  Type.Literal('e-wallet'),
  Type.Literal('giro'),
  Type.Literal('other'),
]);
export const Icon = Type.Union([
  Type.Literal('harvest'),
  Type.Literal('feed'),
  Type.Literal('seed'),
  Type.Literal('probiotic'),
  Type.Literal('chemical'),
  Type.Literal('electricity'),
  Type.Literal('fuel'),
  Type.Literal('labour'),
  Type.Literal('maintenance'),
  Type.Literal('equipment'),
  Type.Literal('transport'),
  Type.Literal('water'),
  Type.Literal('lab'),
  Type.Literal('cash'),
  Type.Literal('other'),
]);
export const Source = Type.Union([Type.Literal('harvest'), Type.Literal('purchase-order')]);
const SourceId = Type.String({ minLength: 1, maxLength: 100 });
/** Photo references of the shared photo pipeline (upload ids or URLs); contract-ready. */
const Photos = Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { maxItems: 10 });
const Stamps = {
  created_at: Type.String(),
  updated_at: Type.String(),
  deleted_at: Type.Union([Type.String(), Type.Null()]),
};

/** A finance account: open while `end_date` is 0, closed from `end_date` on (seed 000 §4). */
export const FinanceAccount = Type.Object({
  account_id: Type.String(),
  farm_id: Type.String(),
  name: Type.String(),
  /** The day the account was opened (the seed's `created_at` of the create body). */
  start_date: Type.String({ description: 'YYYY-MM-DD' }),
  end_date: Type.Union([Type.String({ description: 'YYYY-MM-DD' }), Type.Literal(0)]),
  is_open: Type.Boolean(),
  income: MoneyText,
  expenses: MoneyText,
  balance: MoneyText,
  ...Stamps,
  ...MergeFields,
});
export type FinanceAccount = Static<typeof FinanceAccount>;

export const AddAccountBody = Type.Object({
  account_id: Type.Optional(Uuid),
  farm_id: Uuid,
  name: Name,
  /** The opening day (seed: created_at); default today (farm time). */
  created_at: Type.Optional(IsoDate),
});
export type AddAccountBody = Static<typeof AddAccountBody>;

/** Every field optional (ADR 0002). `end_date`: a date closes the account, 0 or null reopens it. */
export const UpdateAccountBody = Type.Object({
  name: Type.Optional(Name),
  start_date: Type.Optional(IsoDate),
  end_date: Type.Optional(Type.Union([IsoDate, Type.Literal(0), Type.Null()])),
});
export type UpdateAccountBody = Static<typeof UpdateAccountBody>;

export const FarmQuery = Type.Object({ farm_id: Uuid, since: Since });
export type FarmQuery = Static<typeof FarmQuery>;

/** A transaction category; built-in ones have `built_in` true and `farm_id` null (seed: farm_id 0). */
export const FinanceCategory = Type.Object({
  category_transaction_id: Type.String(),
  farm_id: Type.Union([Type.String(), Type.Null()]),
  built_in: Type.Boolean(),
  /** The built-in's key the client translates (null for a farm's own). */
  builtin_key: Type.Union([Type.String(), Type.Null()]),
  type: TypeInOut,
  category_icon: Icon,
  category_transaction_name: Type.String(),
  ...Stamps,
  ...MergeFields,
});
export type FinanceCategory = Static<typeof FinanceCategory>;

export const CategoryQuery = Type.Object({ farm_id: Uuid, type: Type.Optional(TypeInOut), since: Since });
export type CategoryQuery = Static<typeof CategoryQuery>;

export const AddCategoryBody = Type.Object({
  category_transaction_id: Type.Optional(Uuid),
  farm_id: Uuid,
  type: TypeInOut,
  category_icon: Icon,
  category_transaction_name: Name,
});
export type AddCategoryBody = Static<typeof AddCategoryBody>;

export const UpdateCategoryBody = Type.Object({
  category_icon: Type.Optional(Icon),
  category_transaction_name: Type.Optional(Name),
});
export type UpdateCategoryBody = Static<typeof UpdateCategoryBody>;

/** `POST /account/category/{id}/delete` names the farm as the spec says. */
export const DeleteCategoryBody = Type.Object({ farm_id: Uuid });
export type DeleteCategoryBody = Static<typeof DeleteCategoryBody>;

export const FinanceTransaction = Type.Object({
  transaction_record_id: Type.String(),
  farm_id: Type.String(),
  account_id: Type.String(),
  category_transaction_id: Type.String(),
  /** The category's type, kept on the record so figures need no join. */
  type: TypeInOut,
  /** The category as it is now, deleted or not (a deleted category still names past transactions). */
  category_transaction_name: Type.String(),
  category_icon: Type.String(),
  builtin_key: Type.Union([Type.String(), Type.Null()]),
  metode: Method,
  nominal: Nominal,
  transaction_date: Type.String({ description: 'YYYY-MM-DD' }),
  note: Type.String(),
  photos: Photos,
  source_type: Type.Union([Source, Type.Null()]),
  source_id: Type.Union([Type.String(), Type.Null()]),
  created_by: Type.Union([Type.String(), Type.Null()]),
  ...Stamps,
  ...MergeFields,
});
export type FinanceTransaction = Static<typeof FinanceTransaction>;

export const AddTransactionBody = Type.Object({
  transaction_record_id: Type.Optional(Uuid),
  account_id: Uuid,
  category_transaction_id: Uuid,
  metode: Method,
  nominal: Nominal,
  transaction_date: IsoDate,
  note: Type.Optional(Note),
  photos: Type.Optional(Photos),
  /** Accepting a proposal (issue 16 point 6): the source it books; one transaction per source. */
  source_type: Type.Optional(Source),
  source_id: Type.Optional(SourceId),
});
export type AddTransactionBody = Static<typeof AddTransactionBody>;

export const UpdateTransactionBody = Type.Object({
  account_id: Type.Optional(Uuid),
  category_transaction_id: Type.Optional(Uuid),
  metode: Type.Optional(Method),
  nominal: Type.Optional(Nominal),
  transaction_date: Type.Optional(IsoDate),
  note: Type.Optional(Note),
  photos: Type.Optional(Photos),
});
export type UpdateTransactionBody = Static<typeof UpdateTransactionBody>;

export const TransactionQuery = Type.Object({
  farm_id: Uuid,
  account_id: Type.Optional(Uuid),
  category_transaction_id: Type.Optional(Uuid),
  type: Type.Optional(TypeInOut),
  metode: Type.Optional(Method),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  since: Since,
});
export type TransactionQuery = Static<typeof TransactionQuery>;

/** Statistics: a farm, optionally one account, a date range (inclusive) or a cycle. */
export const StatsQuery = Type.Object({
  farm_id: Uuid,
  account_id: Type.Optional(Uuid),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});
export type StatsQuery = Static<typeof StatsQuery>;

export const TotalTransaction = Type.Object({
  income: MoneyText,
  expenses: MoneyText,
  balance: MoneyText,
  count: Type.Integer(),
});
export type TotalTransaction = Static<typeof TotalTransaction>;

export const MonthCashFlow = Type.Object({
  month: Type.String({ description: 'YYYY-MM' }),
  income: MoneyText,
  expenses: MoneyText,
  net: MoneyText,
});
export type MonthCashFlow = Static<typeof MonthCashFlow>;

export const CategoryFlowQuery = Type.Object({
  farm_id: Uuid,
  account_id: Type.Optional(Uuid),
  /** One month (YYYY-MM); without it, from/to or everything. */
  month: Type.Optional(Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$' })),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
  type: Type.Optional(TypeInOut),
});
export type CategoryFlowQuery = Static<typeof CategoryFlowQuery>;

export const CategoryFlow = Type.Object({
  category_transaction_id: Type.String(),
  category_transaction_name: Type.String(),
  builtin_key: Type.Union([Type.String(), Type.Null()]),
  category_icon: Type.String(),
  type: TypeInOut,
  total: MoneyText,
  count: Type.Integer(),
});
export type CategoryFlow = Static<typeof CategoryFlow>;

export const GroupQuery = Type.Object({
  farm_id: Uuid,
  account_id: Type.Optional(Uuid),
  type: Type.Optional(TypeInOut),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});
export type GroupQuery = Static<typeof GroupQuery>;

/** Transactions grouped by day (newest first), as the list shows them. */
export const DayGroup = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD' }),
  income: MoneyText,
  expenses: MoneyText,
  count: Type.Integer(),
});
export type DayGroup = Static<typeof DayGroup>;

export const HppQuery = Type.Object({
  farm_id: Uuid,
  account_id: Type.Optional(Uuid),
  cycle_id: Type.Optional(Uuid),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});
export type HppQuery = Static<typeof HppQuery>;

/** One expense category HPP counted. */
const HppExpenseLine = Type.Object({
  category_transaction_id: Type.String(),
  category_transaction_name: Type.String(),
  builtin_key: Type.Union([Type.String(), Type.Null()]),
  total: MoneyText,
  count: Type.Integer(),
});

/**
 * Cost of goods (DOMAIN.md): (finance expenses + warehouse usage value) ÷ harvested kg;
 * null HPP without harvest. Each cost counts once: expenses that bought warehouse stock
 * (booked from a received purchase order, or in the feed, probiotics or chemicals
 * category) are listed in `stock_lines`, not counted; the stock counts by usage when used.
 */
export const HppAnalysis = Type.Object({
  expenses: MoneyText,
  /** The expenses counted, per category. */
  expense_lines: Type.Array(HppExpenseLine),
  /** Expenses that bought warehouse stock, per category: left out (their items count by usage). */
  stock_lines: Type.Array(HppExpenseLine),
  stock_purchases: MoneyText,
  stock_purchase_count: Type.Integer(),
  usage_cost: MoneyText,
  total_cost: MoneyText,
  harvested_kg: Type.Number(),
  revenue: MoneyText,
  hpp_per_kg: Type.Union([MoneyText, Type.Null()]),
});
export type HppAnalysis = Static<typeof HppAnalysis>;

export const ProductivityQuery = Type.Object({
  farm_id: Uuid,
  cycle_id: Type.Optional(Uuid),
  from: Type.Optional(IsoDate),
  to: Type.Optional(IsoDate),
});
export type ProductivityQuery = Static<typeof ProductivityQuery>;

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
/**
 * Productivity over the period (DOMAIN.md), labelled: `kg_per_ha` is everything harvested
 * in the period ÷ the area; `kg_per_ha_cycle` the average cycle (kg/ha/cycle);
 * `kg_per_ha_year` the period scaled to 365 days (null without a from/to period).
 */
const ProductivityFigures = {
  area_m2: Type.Number(),
  harvested_kg: Type.Number(),
  cycles: Type.Integer({ description: 'cycles with a harvest in the period' }),
  kg_per_ha: NullableNumber,
  kg_per_ha_cycle: NullableNumber,
  kg_per_ha_year: NullableNumber,
};
const PondProductivity = Type.Object({
  pond_id: Type.String(),
  pond_name: Type.String(),
  ...ProductivityFigures,
});

export const Productivity = Type.Object({
  ponds: Type.Array(PondProductivity),
  farm: Type.Object({ ...ProductivityFigures, days: Type.Union([Type.Integer(), Type.Null()]) }),
});
export type Productivity = Static<typeof Productivity>;

/** A record of another domain that should be booked (a harvest sale, a received purchase order). */
export const TransactionProposal = Type.Object({
  source_type: Source,
  source_id: Type.String(),
  type: TypeInOut,
  category_transaction_id: Type.String(),
  nominal: Nominal,
  transaction_date: Type.String({ description: 'YYYY-MM-DD' }),
  /** What the source is (pond and harvest, supplier and order), already readable. */
  label: Type.String(),
});
export type TransactionProposal = Static<typeof TransactionProposal>;
