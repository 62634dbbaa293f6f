import { type Kysely, sql } from 'kysely';

/** Accounts, sessions, one-time codes, the dev outbox, farms, blocks, ponds, roles and permissions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY,
      username text NOT NULL,
      email text UNIQUE,
      phone text UNIQUE,
      city text,
      photo text,
      password_hash text,
      email_verified_at timestamptz,
      is_system_admin boolean NOT NULL DEFAULT false,
      language text NOT NULL DEFAULT 'id',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE sessions (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      user_agent text
    );
    CREATE INDEX sessions_user_idx ON sessions(user_id);
    CREATE TABLE one_time_codes (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      channel text NOT NULL,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX one_time_codes_user_idx ON one_time_codes(user_id, created_at DESC);
    CREATE TABLE used_links (
      signature_hash text PRIMARY KEY,
      used_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE dev_outbox (
      id uuid PRIMARY KEY,
      channel text NOT NULL,
      recipient text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX dev_outbox_recipient_idx ON dev_outbox(recipient, created_at DESC);
    CREATE TABLE roles (
      id integer PRIMARY KEY,
      name text NOT NULL
    );
    INSERT INTO roles (id, name) VALUES (1, 'admin'), (2, 'manager'), (3, 'technician'), (4, 'viewer');
    CREATE TABLE farms (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      status integer NOT NULL DEFAULT 0,
      is_hide_finance boolean NOT NULL DEFAULT false,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE TABLE blocks (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      block_name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX blocks_farm_idx ON blocks(farm_id, updated_at);
    CREATE TABLE ponds (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      block_id uuid NOT NULL REFERENCES blocks(id),
      name text NOT NULL,
      area numeric(14,2) NOT NULL DEFAULT 0,
      status integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE INDEX ponds_farm_idx ON ponds(farm_id, updated_at);
    CREATE TABLE farm_permissions (
      farm_id uuid NOT NULL REFERENCES farms(id),
      role_id integer NOT NULL REFERENCES roles(id),
      feature_name text NOT NULL,
      action integer NOT NULL CHECK (action BETWEEN -1 AND 2),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (farm_id, role_id, feature_name)
    );
    CREATE TABLE user_farms (
      id uuid PRIMARY KEY,
      farm_id uuid NOT NULL REFERENCES farms(id),
      user_id uuid NOT NULL REFERENCES users(id),
      role_id integer NOT NULL REFERENCES roles(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX user_farms_active_idx ON user_farms(farm_id, user_id) WHERE deleted_at IS NULL;
    CREATE INDEX user_farms_user_idx ON user_farms(user_id);
    CREATE TABLE user_farm_ponds (
      user_farm_id uuid NOT NULL REFERENCES user_farms(id) ON DELETE CASCADE,
      pond_id uuid NOT NULL REFERENCES ponds(id),
      farm_id uuid NOT NULL REFERENCES farms(id),
      access_level integer NOT NULL CHECK (access_level BETWEEN 0 AND 2),
      PRIMARY KEY (user_farm_id, pond_id)
    );
    CREATE TABLE idempotency_keys (
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      status_code integer NOT NULL,
      body jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    );
  `.execute(db);
}
