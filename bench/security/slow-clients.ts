// Issue 19's "slow clients" goal: 300 connections that send their headers and never finish the
// body do not slow cart reads of other visitors (p99 under 1 s during the attack).
import net from 'node:net';
import { BASE_URL, newAddress, report, Visitor } from './lib.js';

const { hostname, port } = new URL(BASE_URL);
const reader = await new Visitor().open();

async function cartReadP99(reads: number): Promise<{ p99: number; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < reads; i++) {
    const started = performance.now();
    const answer = await reader.send('GET', '/api/commerce/shopping-cart');
    times.push(performance.now() - started);
    if (answer.status !== 200) failed++;
  }
  times.sort((a, b) => a - b);
  return { p99: times[Math.floor(times.length * 0.99)] ?? 0, failed };
}

const before = await cartReadP99(100);
const slow: net.Socket[] = [];
for (let i = 0; i < 300; i++) {
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\nX-Forwarded-For: ${newAddress()}\r\n\r\n{"itemId":`,
  );
  slow.push(socket);
}
await new Promise((resolve) => setTimeout(resolve, 500));
const during = await cartReadP99(200);
const open = slow.filter((s) => !s.destroyed).length;
for (const socket of slow) socket.destroy();
report(
  during.p99 < 1_000 && during.failed === 0,
  '300 connections that never finish their body',
  `cart read p99 ${before.p99.toFixed(0)} ms before, ${during.p99.toFixed(0)} ms during (${during.failed} failed; ${open} of 300 still open)`,
);
