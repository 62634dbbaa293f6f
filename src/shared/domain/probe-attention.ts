import type { AttentionItem } from '../contracts/attention.ts';

/** An open, raised probe alert episode of a pond (table probe_alerts). */
export interface ProbeAlertFact {
  pond_id: string;
  parameter: string;
  direction: 'low' | 'high';
  limit: number;
  worst: number;
  /** Farm-local day and time (WIB) the value left the range. */
  day: string;
  time: string;
}

/**
 * The attention board's probe items (issue 27 point 4): a pond whose probe has held a
 * value outside the standard long enough to raise its alert, until the value recovers
 * (the hysteresis of probe-alerts.ts decided both). DO is critical; the rest a warning.
 */
export function probeAlertItems(
  farmId: string,
  ponds: readonly { id: string; name: string }[],
  facts: readonly ProbeAlertFact[],
): AttentionItem[] {
  const names = new Map(ponds.map((p) => [p.id, p.name]));
  return facts
    .filter((f) => names.has(f.pond_id))
    .map((f) => ({
      kind: 'probe_alert' as const,
      severity: f.parameter === 'do' && f.direction === 'low' ? ('critical' as const) : ('warning' as const),
      subject: names.get(f.pond_id) as string,
      pond_id: f.pond_id,
      reason: `${f.parameter}_${f.direction}`,
      figures: { value: f.worst, limit: f.limit, day: f.day, time: f.time },
      link: `/farm/${farmId}/pond/${f.pond_id}`,
    }));
}
