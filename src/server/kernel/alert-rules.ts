import type { AlertRule } from '#shared/domain/alerts';
import { deathAlerts } from '#shared/domain/death-alerts';
import { diseaseAlerts } from '#shared/domain/disease-alerts';
import { invitationAlerts } from '#shared/domain/invitation-alerts';
import { probeAlerts } from '#shared/domain/probe-alerts';
import { stockAlerts } from '#shared/domain/stock-alerts';
import { syncFailureAlerts } from '#shared/domain/sync-alerts';
import { waterReadingAlerts } from '#shared/domain/water-alerts';

/**
 * Every alert rule, by the source of the records it reads: the ONE place a domain
 * registers its rule (docs/architecture.md step 11). The domain's service then calls
 * `alerts.committed('<source>', farmId, records)` after its write committed.
 */
export const ALERT_RULES = {
  water_general: waterReadingAlerts,
  water_chemical: waterReadingAlerts,
  water_biological: waterReadingAlerts,
  invitation: invitationAlerts,
  sync_failure: syncFailureAlerts,
  death: deathAlerts,
  disease: diseaseAlerts,
  stock: stockAlerts,
  probe: probeAlerts,
  // biome-ignore lint/suspicious/noExplicitAny: each rule reads its own record type
} satisfies Record<string, AlertRule<any>>;

export type AlertSource = keyof typeof ALERT_RULES;
export type AlertRecord<S extends AlertSource> = Parameters<(typeof ALERT_RULES)[S]>[0]['record'];
