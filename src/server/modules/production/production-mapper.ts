import type { Death } from '#shared/contracts/death';
import type { Harvest, HarvestType } from '#shared/contracts/harvest';
import type { Stock } from '#shared/contracts/stock';
import { densityPerM2, harvestedCount } from '#shared/domain/figures';
import { mergeFieldsOf } from '../../sync/record-merge.ts';
import type { DeathRow } from './death.repository.ts';
import type { HarvestRow } from './harvest.repository.ts';
import type { StockRow } from './stock.repository.ts';

const times = (row: { created_at: Date; updated_at: Date; deleted_at: Date | null }) => ({
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
  deleted_at: row.deleted_at?.toISOString() ?? null,
});

export function toStock(row: StockRow): Stock {
  return {
    stock_id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    cycle_id: row.cycle_id,
    stock_date: row.stock_date,
    seed_net: row.seed_net,
    seed_actual: row.seed_actual,
    seed_source: row.seed_source,
    pl_age: row.pl_age,
    bags: row.bags,
    seed_photo: row.seed_photo,
    is_harvest: row.is_harvest,
    density: densityPerM2(row.seed_actual, Number(row.pond_area)),
    created_by: row.created_by,
    ...times(row),
    ...mergeFieldsOf(row),
  };
}

export function toHarvest(row: HarvestRow): Harvest {
  const weight = Number(row.weight_kg);
  const size = Number(row.size);
  return {
    harvest_id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    stock_id: row.stock_id,
    cycle_id: row.cycle_id,
    harvested_on: row.harvested_on,
    type: row.type as HarvestType,
    weight_kg: weight,
    size,
    price_per_kg: Number(row.price_per_kg),
    revenue: Number(row.revenue),
    harvested_count: harvestedCount(weight, size),
    created_by: row.created_by,
    ...times(row),
    ...mergeFieldsOf(row),
  };
}

export function toDeath(row: DeathRow): Death {
  return {
    death_id: row.id,
    farm_id: row.farm_id,
    pond_id: row.pond_id,
    stock_id: row.stock_id,
    cycle_id: row.cycle_id,
    died_on: row.died_on,
    count: row.count,
    total_weight_kg: row.total_weight_kg === null ? null : Number(row.total_weight_kg),
    created_by: row.created_by,
    ...times(row),
    ...mergeFieldsOf(row),
  };
}
