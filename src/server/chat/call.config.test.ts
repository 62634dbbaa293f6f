import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const base = { NODE_ENV: 'test' };

describe('call settings from the environment', () => {
  it('rings 45 s with no ICE servers by default (LAN and loopback need none)', () => {
    const c = loadConfig(base);
    expect(c.callRingTimeoutSeconds).toBe(45);
    expect(c.iceServers).toEqual([]);
  });

  it('reads STUN urls and one TURN server', () => {
    const c = loadConfig({
      ...base,
      CALL_RING_TIMEOUT_SECONDS: '30',
      STUN_URLS: 'stun:a.example:3478, stun:b.example:3478',
      TURN_URL: 'turn:t.example:3478',
      TURN_USERNAME: 'tambak',
      TURN_CREDENTIAL: 'rahasia',
    });
    expect(c.callRingTimeoutSeconds).toBe(30);
    expect(c.iceServers).toEqual([
      { urls: ['stun:a.example:3478', 'stun:b.example:3478'] },
      { urls: 'turn:t.example:3478', username: 'tambak', credential: 'rahasia' },
    ]);
  });

  it('prefers ICE_SERVERS and refuses a malformed one or a silly timeout', () => {
    const list = [{ urls: ['turns:t.example:443'], username: 'u', credential: 'p' }];
    expect(
      loadConfig({ ...base, ICE_SERVERS: JSON.stringify(list), STUN_URLS: 'stun:x' }).iceServers,
    ).toEqual(list);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '{not json' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ICE_SERVERS: '[{"urls": 5}]' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, CALL_RING_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });
});
