import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { api } from '#local/api-client';
import { syncControl } from '#local/sync/status';
import type { DemoFarm } from '#shared/contracts/demo';
import type { Farm } from '#shared/contracts/farm';
import { mirrorNewFarm } from './farm-data.tsx';

/**
 * The shared demo farm (`npm run demo`) as the first screen and the farm switcher offer
 * it: `offered` is true when the server has one loaded that this user has not joined yet
 * (asked while `ask` is true; offline or an old server, it is simply not offered). `open`
 * joins it read-only (online only: it changes no record of the user's own), puts it in
 * the mirror's farm list and opens its home.
 */
export function useDemoFarm(ask = true) {
  const navigate = useNavigate();
  const [demo, setDemo] = useState<DemoFarm | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    api
      .get<DemoFarm>('/demo')
      .then((answer) => live && setDemo(answer))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [ask]);

  const open = async () => {
    const { data: joined } = await api.post<DemoFarm>('/demo/join');
    const farms = await api.get<Farm[]>('/farm');
    const farm = farms.find((f) => f.farm_id === joined.farm_id);
    if (!farm || !joined.farm_id) throw new Error('demo farm missing from the farm list');
    await mirrorNewFarm(farm);
    void syncControl().then((control) => control.syncNow());
    await navigate({ href: `/farm/${encodeURIComponent(farm.farm_id)}` });
  };

  return { offered: Boolean(demo?.available && !demo.joined), open };
}
