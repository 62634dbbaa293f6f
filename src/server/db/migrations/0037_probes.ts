import { type Kysely, sql } from 'kysely';

/**
 * Water-quality probes (issue 27, ADR 0066): a farm's devices with the SHA-256 of their
 * key (answered once, at creation and rotation), their readings at their own cadence
 * (idempotent by device, parameter and measured_at, so a QoS 1 redelivery or an HTTP
 * retry stores nothing twice) and the alert episodes of a pond's parameter (pending,
 * raised, cleared: the hysteresis of probe-alerts.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on any schema
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE probe_devices (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      name text NOT NULL,
      parameters text[] NOT NULL CHECK (cardinality(parameters) > 0),
      units jsonb NOT NULL DEFAULT '{}'::jsonb,
      key_hash text NOT NULL UNIQUE,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      key_rotated_at timestamptz,
      revoked_at timestamptz,
      last_message_at timestamptz,
      battery real,
      signal real
    );
    CREATE INDEX probe_devices_farm ON probe_devices (farm_id, created_at DESC);

    CREATE TABLE probe_readings (
      device_id uuid NOT NULL REFERENCES probe_devices(id),
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      parameter text NOT NULL,
      value double precision NOT NULL,
      measured_at timestamptz NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (device_id, parameter, measured_at)
    );
    CREATE INDEX probe_readings_pond ON probe_readings (pond_id, parameter, measured_at);

    CREATE TABLE probe_alerts (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      pond_id uuid NOT NULL REFERENCES ponds(id),
      parameter text NOT NULL,
      direction text NOT NULL CHECK (direction IN ('low', 'high')),
      "limit" double precision NOT NULL,
      worst double precision NOT NULL,
      started_at timestamptz NOT NULL,
      raised_at timestamptz,
      cleared_at timestamptz,
      last_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX probe_alerts_open ON probe_alerts (pond_id, parameter) WHERE cleared_at IS NULL;
    CREATE INDEX probe_alerts_farm ON probe_alerts (farm_id, started_at DESC);
  `.execute(db);
}
