import { useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { api } from '#local/api-client';
import type { Block, Farm, FarmInfo, Pond } from '#shared/contracts/farm';
import { sortByName } from '#shared/domain/natural-sort';
import {
  ACTION,
  type Action,
  DEFAULT_PERMISSIONS,
  type Feature,
  type RoleId,
} from '#shared/domain/permissions';
import { useResource } from './use-resource.tsx';

/**
 * Farm structure shared by the shell and the farm, settings and profile features. Reads go
 * through the API for now; each hook keeps its shape when it moves to the Dexie mirror.
 * Farms, blocks and ponds come sorted by name with numeric ordering (seed 000 §4).
 */
export const farmKeys = {
  farms: 'farms',
  info: (farmId: string) => `farm-info:${farmId}`,
  blocks: (farmId: string) => `blocks:${farmId}`,
  ponds: (farmId: string) => `ponds:${farmId}`,
};

export const loadFarms = async () => sortByName(await api.get<Farm[]>('/farm'), (farm) => farm.name);

export function useFarms() {
  return useResource(farmKeys.farms, loadFarms);
}

export function useFarmInfo(farmId: string | undefined) {
  return useResource(farmId ? farmKeys.info(farmId) : null, () => api.get<FarmInfo>(`/farm/${farmId}/info`));
}

export function useBlocks(farmId: string | undefined) {
  return useResource(farmId ? farmKeys.blocks(farmId) : null, async () =>
    sortByName(await api.get<Block[]>('/block', { farm_id: farmId }), (block) => block.block_name),
  );
}

export function usePonds(farmId: string | undefined) {
  return useResource(farmId ? farmKeys.ponds(farmId) : null, async () =>
    sortByName(await api.get<Pond[]>('/pond', { farm_id: farmId }), (pond) => pond.name),
  );
}

/** farm_id of the current route, if it has one. */
export function useRouteFarmId(): string | undefined {
  const params = useParams({ strict: false }) as { farm_id?: string };
  return params.farm_id;
}

/** The farm the route points at, from the user's farm list. */
export function useCurrentFarm(): {
  farm: Farm | undefined;
  farms: Farm[] | undefined;
  loading: boolean;
  error: unknown;
} {
  const farmId = useRouteFarmId() ?? rememberedFarmId();
  const { data, loading, error } = useFarms();
  const farm = useMemo(() => data?.find((f) => f.farm_id === farmId) ?? data?.[0], [data, farmId]);
  return { farm, farms: data, loading, error };
}

/** The level the user has on a feature of this farm (-1 none … 2 edit), seed 000 §6. */
export function featureAction(farm: Farm | undefined, feature: Feature): Action {
  if (!farm) return ACTION.none;
  const row = farm.permissions.find((p) => p.feature_name === feature);
  if (row) return row.action as Action;
  return DEFAULT_PERMISSIONS[farm.role_id as RoleId]?.[feature] ?? ACTION.none;
}

export function can(farm: Farm | undefined, feature: Feature, level: Action): boolean {
  return featureAction(farm, feature) >= level;
}

export const LAST_FARM_KEY = 'tambak:last-farm';

/** The farm opened last on this device, so the app opens "on his farm" (JOURNEYS.md). */
export function rememberedFarmId(): string | undefined {
  try {
    return globalThis.localStorage?.getItem(LAST_FARM_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberFarm(farmId: string): void {
  try {
    globalThis.localStorage?.setItem(LAST_FARM_KEY, farmId);
  } catch {
    // storage unavailable: the first farm opens next time
  }
}
