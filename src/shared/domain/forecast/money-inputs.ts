import type { ExpenseSharer } from '../figures/cost-shares.ts';
import { cycleCostToDate } from '../figures/money.ts';
import { FEED_CATEGORY_ID } from '../warehouse.ts';
import { forecastPrices, type PriceList, type PriceRow, type PriceSource } from './price-list.ts';

/** The money side of a forecast input, from rows the database or the mirror hold. */
export interface ForecastMoneyRows {
  /** The farm's price list rows (`farm_prices`). */
  priceRows: readonly PriceRow[];
  /** The farm's harvests (their sizes and prices suggest a list when the farm has none). */
  harvests: readonly { size: number | string; price_per_kg: number | string }[];
  /** The farm's finance transactions; null when the caller may not see finance (no cost then). */
  transactions: Parameters<typeof cycleCostToDate>[0]['transactions'] | null;
  /** Warehouse uses booked to the cycle (their value in Rp). */
  uses: readonly { value: string | number }[];
  /** The farm's warehouse items: the feed items' price values the feed still needed. */
  items: readonly { category_id: number; price: number | string; deleted_at?: unknown }[];
  /** The cycle's id and first day (its stocking). */
  cycleId: string;
  from: string;
  /** The farm's expenses shared among its cycles (`expenseSharer`): the cycle's part is its cost. */
  share: ExpenseSharer;
  today: string;
  /**
   * `forecastPrices` of the rows above, when the caller worked it out once for the farm
   * (the same for each of its cycles): a farm of 200 ponds then does not redo it 200 times.
   */
  farmPrices?: ReturnType<typeof forecastPrices>;
}

export interface ForecastMoney {
  prices: PriceList | null;
  priceSource: PriceSource;
  costToDate: number | null;
  feedPricePerKg: number | null;
}

/**
 * Prices, cost to date and feed price of one running cycle's forecast (ADR 0072): the
 * farm's list in force else the past harvests' suggestion; the cost as the finance HPP
 * counts it (`cycleCostToDate`: the cycle's share of the farm's expenses and its uses); feed at the mean price of the farm's feed items.
 */
export function forecastMoney(r: ForecastMoneyRows): ForecastMoney {
  const { list, source } = r.farmPrices ?? forecastPrices(r.priceRows, r.harvests, r.today);
  const feed = r.items
    .filter((i) => i.category_id === FEED_CATEGORY_ID && !i.deleted_at && Number(i.price) > 0)
    .map((i) => Number(i.price));
  return {
    prices: list,
    priceSource: source,
    costToDate:
      r.transactions === null
        ? null
        : Number(
            cycleCostToDate({
              transactions: r.transactions,
              uses: r.uses,
              cycleId: r.cycleId,
              share: r.share,
              from: r.from,
              today: r.today,
            }),
          ),
    feedPricePerKg: feed.length ? Math.round(feed.reduce((a, b) => a + b, 0) / feed.length) : null,
  };
}
