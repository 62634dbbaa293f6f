import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { featureAction } from '#components/farm-data';
import { FarmGate } from '#components/farm-gate';
import type { Farm } from '#shared/contracts/farm';
import type { Action } from '#shared/domain/permissions';
import { financeVisible } from './finance-model.ts';

function Visible({ farm, children }: { farm: Farm; children: (farm: Farm, level: Action) => ReactNode }) {
  const navigate = useNavigate();
  const level = featureAction(farm, 'finance');
  const shown = financeVisible(farm, level);
  useEffect(() => {
    // Finance hidden on this farm, or not for this member: no finance screen at all.
    if (!shown) void navigate({ href: `/farm/${encodeURIComponent(farm.farm_id)}`, replace: true });
  }, [shown, farm.farm_id, navigate]);
  return shown ? children(farm, level) : null;
}

/** The farm of the route, when finance is shown there (issue 16: hidden farms and members without the permission see nothing). */
export function FinanceGate({ children }: { children: (farm: Farm, level: Action) => ReactNode }) {
  return <FarmGate>{(farm) => <Visible farm={farm}>{children}</Visible>}</FarmGate>;
}
