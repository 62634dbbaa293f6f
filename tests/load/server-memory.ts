/**
 * Reads the V8 heap of a server started with `--inspect` (LoadServer({ inspect: true }))
 * through the inspector protocol: nothing is added to the server itself.
 */
import WebSocket from 'ws';

export class HeapProbe {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) this.pending.get(msg.id)?.(msg.result);
    });
  }

  static async connect(inspectPort: number): Promise<HeapProbe> {
    const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return new HeapProbe(ws);
  }

  /** Used and total V8 heap, MB. */
  async heapMb(): Promise<{ used: number; total: number }> {
    const result = (await this.call('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { used: result.usedSize / 1048576, total: result.totalSize / 1048576 };
  }

  /**
   * The young generation, MB: its committed size (the part of the heap's total that grows
   * under load up to the server's `--max-semi-space-size`, scripts/server-command.mjs, and
   * is given back when idle) and what of it is in use (objects not yet collected or
   * promoted). Read with `v8.getHeapSpaceStatistics()` in the server.
   */
  async youngMb(): Promise<{ committed: number; used: number }> {
    const expression = `process.getBuiltinModule('v8').getHeapSpaceStatistics()
      .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
      .reduce((sum, s) => [sum[0] + s.space_size, sum[1] + s.space_used_size], [0, 0])`;
    const result = (await this.call('Runtime.evaluate', { expression, returnByValue: true })) as {
      result?: { value?: [number, number] };
    };
    const [committed, used] = result.result?.value ?? [Number.NaN, Number.NaN];
    return { committed: committed / 1048576, used: used / 1048576 };
  }

  close(): void {
    this.ws.close();
  }

  private call(method: string, params?: Record<string, unknown>): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), 10_000);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        this.pending.delete(id);
        resolve(result);
      });
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }
}
