import { Type } from 'typebox';
import { Envelope, ListEnvelope, MessageOnly } from '#shared/contracts/envelope';
import {
  FarmAlertSettingsBody,
  FarmAlertSettingsQuery,
  MarkAllReadBody,
  MarkReadBody,
  Notification,
  NotificationQuery,
  NotificationSettings,
  SyncFailureBody,
} from '#shared/contracts/notifications';
import type { Api, AppContext } from '../../types.ts';

const tags = ['notifications'];
const FarmSettings = Envelope(
  Type.Object({ farm_id: Type.String(), death_threshold: Type.Union([Type.Integer(), Type.Null()]) }),
);

/** HTTP only: the caller's notifications and alert settings, a farm's alert settings. */
export function alertsRoutes(api: Api, ctx: AppContext): void {
  const { alerts } = ctx;

  api.get(
    '/notifications',
    {
      schema: {
        tags,
        description: 'The caller’s notifications, newest first (with since: changed ones, deleted included).',
        querystring: NotificationQuery,
        response: { 200: ListEnvelope(Notification) },
      },
    },
    async (req) => {
      const { items, server_time } = await alerts.list(req.user.id, req.query.since);
      return { message: req.t('server.ok'), data: items, server_time };
    },
  );

  api.post(
    '/notifications/read',
    { schema: { tags, body: MarkReadBody, response: { 200: MessageOnly } } },
    async (req) => {
      await alerts.markRead(req.user.id, req.body.ids);
      return { message: req.t('server.updated'), data: null };
    },
  );

  api.post(
    '/notifications/read-all',
    { schema: { tags, body: MarkAllReadBody, response: { 200: MessageOnly } } },
    async (req) => {
      await alerts.markAllRead(req.user.id, req.body.until);
      return { message: req.t('server.updated'), data: null };
    },
  );

  api.get(
    '/notifications/settings',
    { schema: { tags, response: { 200: Envelope(NotificationSettings) } } },
    async (req) => ({ message: req.t('server.ok'), data: await alerts.settings(req.user.id) }),
  );

  api.put(
    '/notifications/settings',
    { schema: { tags, body: NotificationSettings, response: { 200: Envelope(NotificationSettings) } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await alerts.saveSettings(req.user.id, req.body),
    }),
  );

  api.post(
    '/notifications/sync-failure',
    {
      schema: {
        tags,
        description: 'This device has records the server did not take: its owner is alerted once a day.',
        body: SyncFailureBody,
        response: { 200: MessageOnly },
      },
    },
    async (req) => {
      alerts.reportSyncFailure(req.user.id, req.body.device_id, req.body.failed);
      return { message: req.t('server.ok'), data: null };
    },
  );

  api.get(
    '/alertSetting',
    { schema: { tags, querystring: FarmAlertSettingsQuery, response: { 200: FarmSettings } } },
    async (req) => ({
      message: req.t('server.ok'),
      data: await alerts.farmSettings(req.user.id, req.query.farm_id),
    }),
  );

  api.put(
    '/alertSetting',
    { schema: { tags, body: FarmAlertSettingsBody, response: { 200: FarmSettings } } },
    async (req) => ({
      message: req.t('server.updated'),
      data: await alerts.saveFarmSettings(req.user.id, req.body.farm_id, req.body.death_threshold),
    }),
  );
}
