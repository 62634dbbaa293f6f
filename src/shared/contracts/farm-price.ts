import { type Static, Type } from 'typebox';
import { IsoDate, Uuid } from './envelope.ts';

/**
 * A farm's price list and forecast target sizes (issue 26 points 2 and 4, ADR 0072).
 * Prices are Rp per kg by size class (pcs/kg), valid from a day; a list is saved whole.
 * Numbers are typed loosely here (`Number`) so a price with decimals or out of range is
 * refused by the shared rules (`priceProblem`, `sizeProblem`) with their own message.
 */
export const FarmPriceQuery = Type.Object({ farm_id: Uuid });
export type FarmPriceQuery = Static<typeof FarmPriceQuery>;

/** One mirrored row: the price of one size in the list of one day. */
export const FarmPrice = Type.Object({
  price_id: Uuid,
  farm_id: Uuid,
  valid_from: IsoDate,
  size: Type.Integer(),
  price_per_kg: Type.Integer(),
  updated_at: Type.String(),
});
export type FarmPrice = Static<typeof FarmPrice>;

export const PricePointBody = Type.Object(
  {
    /** The device's id for a new row (kept by the server, so the mirror's row is the server's). */
    price_id: Type.Optional(Uuid),
    size: Type.Number(),
    price_per_kg: Type.Number(),
  },
  { additionalProperties: false },
);

/** `POST /api/farmPrice`: the whole list valid from a day (an empty list removes that day's). */
export const SaveFarmPricesBody = Type.Object(
  {
    farm_id: Uuid,
    valid_from: IsoDate,
    prices: Type.Array(PricePointBody, { maxItems: 30 }),
  },
  { additionalProperties: false },
);
export type SaveFarmPricesBody = Static<typeof SaveFarmPricesBody>;

/** The farm's target sizes (pcs/kg); `is_default` when the farm set none. */
export const ForecastSetting = Type.Object({
  farm_id: Uuid,
  target_sizes: Type.Array(Type.Integer()),
  is_default: Type.Boolean(),
});
export type ForecastSetting = Static<typeof ForecastSetting>;

/** `POST /api/forecastSetting`. */
export const SaveForecastSettingBody = Type.Object(
  { farm_id: Uuid, target_sizes: Type.Array(Type.Number(), { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type SaveForecastSettingBody = Static<typeof SaveForecastSettingBody>;
