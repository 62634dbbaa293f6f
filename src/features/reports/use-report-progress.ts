import { useEffect, useMemo, useState } from 'react';
import type { ReportJob } from '#shared/contracts/reports';
import { fetchReport } from './reports-data.ts';

const POLL_MS = 1000;
const running = (job: ReportJob) => job.status === 'queued' || job.status === 'running';

/**
 * The history with reports still building polled once a second until they are done or
 * failed; a report just asked for goes on top at once.
 */
export function useReportProgress(history: ReportJob[] | undefined) {
  const [fresh, setFresh] = useState<Record<string, ReportJob>>({});
  const [tick, setTick] = useState(0);
  const items = useMemo(() => {
    const listed = history ?? [];
    const seen = new Set(listed.map((j) => j.id));
    const added = Object.values(fresh)
      .filter((j) => !seen.has(j.id))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    return [...added, ...listed.map((j) => fresh[j.id] ?? j)];
  }, [history, fresh]);
  const pending = items.filter(running).map((j) => j.id);
  const key = pending.join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` polls again on purpose.
  useEffect(() => {
    if (!key) return;
    let live = true;
    const timer = setTimeout(async () => {
      const answers = await Promise.allSettled(key.split(',').map((id) => fetchReport(id)));
      if (!live) return;
      setFresh((current) => {
        const next = { ...current };
        for (const a of answers) if (a.status === 'fulfilled') next[a.value.id] = a.value;
        return next;
      });
      setTick((n) => n + 1);
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, tick]);

  return { items, started: (job: ReportJob) => setFresh((current) => ({ ...current, [job.id]: job })) };
}
