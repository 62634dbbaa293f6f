/**
 * The load generator of tests/load/chat-load.ts, run as its own process (forked with
 * IPC) so its CPU is not the server's event loop. Opens one socket per user, sends group
 * messages at a fixed rate with the send time in the text, and measures each delivery to
 * another member against that time (same machine, same clock). Reports to the parent.
 */
import WebSocket from 'ws';

export interface ClientPlan {
  wsUrl: string;
  users: { id: string; token: string }[];
  /** groups[g] = indexes into users; the first member is the group's sender rotation start. */
  groups: { guid: string; members: number[] }[];
  rate: number;
  seconds: number;
  runId: string;
}

export interface ClientReport {
  connected: number;
  connectMs: number;
  sent: number;
  acked: string[];
  deliveries: number;
  echoes: number;
  latencies: number[];
  errors: number;
  errorSamples: string[];
  closed: number;
  elapsedMs: number;
}

function connect(plan: ClientPlan, i: number, onFrame: (i: number, raw: string) => void): Promise<WebSocket> {
  const u = plan.users[i];
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${plan.wsUrl}/api/chat/socket?token=${encodeURIComponent(u.token)}`);
    const fail = (e: Error) => reject(e);
    ws.once('error', fail);
    ws.on('message', (data) => {
      const raw = String(data);
      if (raw.startsWith('{"type":"ready"')) {
        ws.off('error', fail);
        resolve(ws);
      }
      onFrame(i, raw);
    });
  });
}

async function run(plan: ClientPlan): Promise<ClientReport> {
  const report: ClientReport = {
    connected: 0,
    connectMs: 0,
    sent: 0,
    acked: [],
    deliveries: 0,
    echoes: 0,
    latencies: [],
    errors: 0,
    errorSamples: [],
    closed: 0,
    elapsedMs: 0,
  };
  let measuring = false;
  const onFrame = (i: number, raw: string) => {
    // Presence frames (2,000 connects tell everyone) are skipped without parsing.
    if (!measuring || raw.startsWith('{"type":"presence"')) return;
    const now = Date.now();
    if (raw.startsWith('{"type":"message"')) {
      const frame = JSON.parse(raw) as { message: { sender: { uid: string }; text: string } };
      if (frame.message.sender.uid === plan.users[i].id) {
        report.echoes += 1;
        return;
      }
      const sentAt = Number(/^t=(\d+) /.exec(frame.message.text)?.[1]);
      if (sentAt) report.latencies.push(now - sentAt);
      report.deliveries += 1;
    } else if (raw.startsWith('{"type":"ack"')) {
      report.acked.push((JSON.parse(raw) as { client_id: string }).client_id);
    } else if (raw.startsWith('{"type":"error"')) {
      report.errors += 1;
      if (report.errorSamples.length < 5) report.errorSamples.push(raw.slice(0, 200));
    }
  };

  const started = Date.now();
  const sockets: WebSocket[] = new Array(plan.users.length);
  for (let start = 0; start < plan.users.length; start += 100) {
    const batch = [];
    for (let i = start; i < Math.min(plan.users.length, start + 100); i++)
      batch.push(connect(plan, i, onFrame).then((ws) => (sockets[i] = ws)));
    await Promise.all(batch);
  }
  report.connected = sockets.filter(Boolean).length;
  report.connectMs = Date.now() - started;
  for (const ws of sockets)
    ws.on('close', () => {
      report.closed += 1;
    });
  // Let the presence storm of the connects drain before measuring.
  await new Promise((r) => setTimeout(r, 2000));
  measuring = true;
  process.send?.({ sending: true });

  // Every 10 ms, the messages due by then at `rate` per second: groups in turn, each
  // group's members in turn. A socket the server closed (kill test) sends nothing.
  const total = plan.rate * plan.seconds;
  let seq = 0;
  const t0 = Date.now();
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((Date.now() - t0) / 1000) * plan.rate));
      for (; seq < due; ) {
        const g = plan.groups[seq % plan.groups.length];
        const sender = g.members[Math.floor(seq / plan.groups.length) % g.members.length];
        seq += 1;
        const ws = sockets[sender];
        if (ws.readyState !== WebSocket.OPEN) continue;
        report.sent += 1;
        ws.send(
          JSON.stringify({
            type: 'send',
            client_id: `${plan.runId}-${seq}`,
            receiver_type: 'group',
            receiver: g.guid,
            text: `t=${Date.now()} pesan uji ${seq}`,
          }),
        );
      }
      if (seq >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  // Drain: wait until every sent message is acked and delivered, the sockets closed, or 30 s.
  const others = plan.groups[0].members.length - 1;
  const expected = () => report.sent * others;
  for (let i = 0; i < 300; i++) {
    const open = sockets.some((ws) => ws.readyState === WebSocket.OPEN);
    if (!open || (report.acked.length >= report.sent && report.deliveries >= expected())) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  report.elapsedMs = Date.now() - t0;
  for (const ws of sockets) ws.terminate();
  return report;
}

process.once('message', (plan: ClientPlan) => {
  run(plan).then(
    (report) => process.send?.(report, () => process.exit(0)),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
});
