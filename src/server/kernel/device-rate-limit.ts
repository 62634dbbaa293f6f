/**
 * A token bucket per device (issue 27, "a flood from one device: limited per device"):
 * `burst` messages at once, refilled at `perMinute`. In memory: one server takes a
 * device's messages (HTTP and MQTT alike), and a restart forgetting the buckets only
 * forgives a flood.
 */
export class DeviceRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one message's token; false when the device is over its rate. */
  take(deviceId: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(deviceId) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    if (this.buckets.size > 100_000) this.buckets.clear();
    this.buckets.set(deviceId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }
}
