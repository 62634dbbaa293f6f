import type { Db } from '../db/database.ts';
import type { AlertPort } from '../kernel/alert-port.ts';
import { DeviceRateLimit } from '../kernel/device-rate-limit.ts';
import type { FarmAccess } from '../kernel/farm-access.ts';
import { ProbeAlertRepository } from '../modules/probes/probe-alert.repository.ts';
import { ProbeDeviceRepository } from '../modules/probes/probe-device.repository.ts';
import { ProbeDeviceService } from '../modules/probes/probe-device.service.ts';
import { ProbeEpisodes } from '../modules/probes/probe-episodes.ts';
import { ProbeIngestService } from '../modules/probes/probe-ingest.service.ts';
import { ProbeMqtt, type ProbeMqttConfig } from '../modules/probes/probe-mqtt.ts';
import { ProbeReadingRepository } from '../modules/probes/probe-reading.repository.ts';
import { ProbeReadingsService } from '../modules/probes/probe-readings.service.ts';
import { WaterSettingRepository } from '../modules/water-setting/water-setting.repository.ts';

/** Water-quality probes (issue 27, ADR 0066), spread into AppContext; the MQTT bridge (mqtt-bridge.ts) feeds `probeIngest` too. */
export function createProbesModules(d: {
  db: Db;
  farmAccess: FarmAccess;
  alerts: AlertPort;
  log: (line: string) => void;
  ratePerMinute: number;
  mqtt: ProbeMqttConfig;
}) {
  const deviceRepo = new ProbeDeviceRepository(d.db);
  const readings = new ProbeReadingRepository(d.db);
  const alertRepo = new ProbeAlertRepository(d.db);
  const standards = new WaterSettingRepository(d.db);
  const probeDevices = new ProbeDeviceService(deviceRepo, d.farmAccess);
  const probeIngest = new ProbeIngestService({
    devices: probeDevices,
    readings,
    episodes: new ProbeEpisodes({ alerts: alertRepo, standards, port: d.alerts, log: d.log }),
    // A burst of a minute's messages at once (a logger sending its backlog), then the rate.
    rate: new DeviceRateLimit(d.ratePerMinute, d.ratePerMinute),
    log: d.log,
  });
  return {
    probeDevices,
    probeIngest,
    // Started and stopped by buildApp (app.ts), as the LISTEN connection.
    probeMqtt: new ProbeMqtt(d.mqtt, {
      ingest: probeIngest,
      authenticate: (key) => probeDevices.authenticate(key),
      log: d.log,
    }),
    probeReadings: new ProbeReadingsService({ readings, alerts: alertRepo, standards, access: d.farmAccess }),
  };
}
