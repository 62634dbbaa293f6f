import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { providerConfig } from './provider-config.ts';

const PEM = '-----BEGIN PRIVATE KEY-----\\nMIIB\\n-----END PRIVATE KEY-----\\n';
const FCM = {
  FCM_PROJECT_ID: 'tambak-prod',
  FCM_CLIENT_EMAIL: 'push@tambak-prod.iam.gserviceaccount.com',
  FCM_PRIVATE_KEY: PEM,
  FCM_API_KEY: 'AIza',
  FCM_APP_ID: '1:2:web:3',
  FCM_SENDER_ID: '2',
  FCM_VAPID_KEY: 'BKey',
};
const CHAT = {
  COMETCHAT_APP_ID: 'app',
  COMETCHAT_REGION: 'EU',
  COMETCHAT_AUTH_KEY: 'auth',
  COMETCHAT_REST_KEY: 'rest',
};

describe('providerConfig', () => {
  it('is self-hosted with nothing set, and silent', () => {
    expect(providerConfig({})).toEqual({ fcm: null, hostedChat: null, warnings: [] });
  });

  it('turns each provider on when all its variables are set', () => {
    const p = providerConfig({ ...FCM, ...CHAT });
    expect(p.warnings).toEqual([]);
    expect(p.fcm).toMatchObject({
      projectId: 'tambak-prod',
      endpoint: 'https://fcm.googleapis.com',
      tokenUri: 'https://oauth2.googleapis.com/token',
      web: { apiKey: 'AIza', appId: '1:2:web:3', messagingSenderId: '2', vapidKey: 'BKey' },
    });
    expect(p.fcm?.privateKey).toContain('\n');
    expect(p.hostedChat).toEqual({ appId: 'app', region: 'eu', authKey: 'auth', restKey: 'rest' });
  });

  it('names the missing variable of a partial set and falls back instead of failing', () => {
    const { FCM_VAPID_KEY: _, ...partialFcm } = FCM;
    const p = providerConfig({ ...partialFcm, COMETCHAT_APP_ID: 'app', COMETCHAT_REGION: 'us' });
    expect(p.fcm).toBeNull();
    expect(p.hostedChat).toBeNull();
    expect(p.warnings[0]).toContain('set FCM_VAPID_KEY');
    expect(p.warnings[1]).toContain('set COMETCHAT_AUTH_KEY, COMETCHAT_REST_KEY');
  });

  it('falls back on a bad region or key, naming the variable', () => {
    const p = providerConfig({ ...FCM, FCM_PRIVATE_KEY: 'x', ...CHAT, COMETCHAT_REGION: 'mars' });
    expect(p.fcm).toBeNull();
    expect(p.hostedChat).toBeNull();
    expect(p.warnings.join(' ')).toMatch(/FCM_PRIVATE_KEY.*COMETCHAT_REGION/);
  });

  it('does not stop loadConfig', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', FCM_PROJECT_ID: 'x' })).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'test', FCM_PROJECT_ID: 'x' }).providers.warnings).toHaveLength(1);
  });
});
