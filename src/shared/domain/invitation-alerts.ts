import type { AlertRule } from './alerts.ts';

/** A membership just stored by an invitation (`POST /userFarm`). */
export interface InvitationRecord {
  user_farm_id: string;
  invitee_id: string;
  inviter_name: string;
  farm_name: string;
  created_at: Date;
}

/** The invited person is told in the app too (the mail or SMS may never arrive); once per membership. */
export const invitationAlerts: AlertRule<InvitationRecord> = ({ farmId, record }) => [
  {
    kind: 'invitation',
    key: `invite:${record.user_farm_id}`,
    occurredAt: record.created_at.toISOString(),
    pondId: null,
    feature: null,
    recipients: [record.invitee_id],
    title: { key: 'alert.invite-title' },
    body: { key: 'alert.invite-body', params: { inviter: record.inviter_name, farm: record.farm_name } },
    url: `/farm/${farmId}`,
  },
];
