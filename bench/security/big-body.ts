// Row "a 3 MB JSON body to a cart route: embedded mode 502, and the next request on that
// kept-alive connection hangs 30 s". Sent on a raw kept-alive socket: the answer must be 413 in
// the JSON error shape, and the socket then either closed by the gateway (the client opens a new
// one) or answering the next request at once.
import net from 'node:net';
import { BASE_URL, report, Visitor } from './lib.js';

const visitor = await new Visitor().open();
const { hostname, port } = new URL(BASE_URL);
const cookie = [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const body = JSON.stringify({ itemId: 'x', quantity: 1, additionalFields: 'y'.repeat(3 * 1024 * 1024) });

/** Writes `request` on `socket` and resolves with the first whole response head and the rest read within 2 s, or '' when the socket closed. */
function exchange(socket: net.Socket, request: string | Buffer): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      socket.off('data', onData);
      resolve(text);
    };
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text);
      if (end !== -1 && length && text.length >= end + 4 + Number(length[1])) done();
    };
    socket.on('data', onData);
    socket.once('close', done);
    setTimeout(done, 35_000).unref();
    socket.write(request, () => undefined);
  });
}

const socket = net.connect(Number(port), hostname);
socket.on('error', () => undefined); // a reset while we still write is one allowed outcome
await new Promise((resolve) => socket.once('connect', resolve));
const started = performance.now();
const head = `POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${visitor.cookies.get('crumb') ?? ''}\r\nX-Forwarded-For: ${visitor.address}\r\n\r\n`;
const first = await exchange(socket, Buffer.concat([Buffer.from(head), Buffer.from(body)]));
const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(first)?.[1] ?? 0);
const shaped = /"error":\{"code":"[A-Z_]+","message":"[^"]+"/.test(first);
const closes = /connection: close/i.test(first);
// The next request: on the same socket if the gateway kept it, on a new one if it closed it.
const nextStarted = performance.now();
const again =
  socket.destroyed || closes
    ? await visitor.send('GET', '/api/commerce/shopping-cart')
    : {
        status: Number(
          /^HTTP\/1\.1 (\d{3})/.exec(
            await exchange(socket, `GET /api/commerce/shopping-cart HTTP/1.1\r\nHost: ${hostname}\r\nCookie: ${cookie}\r\n\r\n`),
          )?.[1] ?? 0,
        ),
      };
const nextMs = performance.now() - nextStarted;
socket.destroy();
report(
  status === 413 && shaped && again.status === 200 && nextMs < 2_000,
  'a 3 MB JSON body to a cart route',
  `${status} in ${(nextStarted - started).toFixed(0)} ms (${shaped ? 'JSON error shape' : 'not the error shape'}, ${closes ? 'connection closed' : 'connection kept'}); the next request ${again.status} in ${nextMs.toFixed(0)} ms`,
);
