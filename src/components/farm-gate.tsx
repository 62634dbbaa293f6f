import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { farmSnapshot, keepFarmSnapshot } from '#local/farm-snapshot';
import type { Farm } from '#shared/contracts/farm';
import { rememberedFarmId, rememberFarm, useFarms, useRouteFarmId } from './farm-data.tsx';
import { decideFarmLoad } from './farm-load.ts';
import { LoadError, Loading } from './page.tsx';
import { useSession } from './session.tsx';

/** Renders its children with the farm of the route once the farm loading rule allows it. */
export function FarmGate({ children }: { children: (farm: Farm) => ReactNode }) {
  const navigate = useNavigate();
  const routeFarmId = useRouteFarmId();
  const { data, error, reload } = useFarms();
  const userId = useSession()?.user?.id;
  // Until the local copy answers, the farm as it was last opened (farm-snapshot.ts).
  const kept = data === undefined && !error ? farmSnapshot(userId, routeFarmId) : undefined;
  const decision = decideFarmLoad(
    data ?? (kept ? [kept] : undefined),
    error,
    routeFarmId,
    rememberedFarmId(),
  );
  const target = decision.kind === 'redirect' ? decision.to : null;
  const readyId = decision.kind === 'ready' ? decision.farm.farm_id : null;
  const fromCopy = data !== undefined && decision.kind === 'ready' ? decision.farm : null;

  useEffect(() => {
    if (target) void navigate({ href: target, replace: true });
  }, [target, navigate]);
  useEffect(() => {
    if (readyId) rememberFarm(readyId);
  }, [readyId]);
  useEffect(() => {
    if (fromCopy) keepFarmSnapshot(userId, fromCopy);
  }, [fromCopy, userId]);

  if (decision.kind === 'ready') return <>{children(decision.farm)}</>;
  if (decision.kind === 'offline') return <LoadError error={error} onRetry={reload} />;
  if (decision.kind === 'storage') return <LoadError error={error} onRetry={() => location.reload()} />;
  return <Loading />;
}
