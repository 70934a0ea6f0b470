// `pnpm start:cluster`'s supervisor (issue 39) with tiny real processes: one that exits is started
// again with back-off (before, one exit stopped the whole cluster), only stop() ends them, and the
// readiness wait accepts only the instance it started (before, another deployment's services on
// the same ports were taken for its own).
import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { backoffMs, Supervisor, waitReadyAs } from '../../cluster/supervisor.js';
import { waitFor } from '@sc/platform/test-kit';

const node = (code: string) => ({
  command: process.execPath,
  args: ['-e', code],
  env: { PATH: process.env.PATH ?? '' },
  onLine: () => undefined,
});

describe('cluster supervisor', () => {
  let supervisor: Supervisor | undefined;
  let server: Server | undefined;
  afterEach(async () => {
    await supervisor?.stop();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    supervisor = undefined;
    server = undefined;
  });

  it('doubles the back-off up to its cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoffMs(n, 500, 10_000))).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('starts a process that exits again, each start with an instance id of its own, until stop()', async () => {
    const logged: string[] = [];
    supervisor = new Supervisor({ clusterId: 'c1', firstBackoffMs: 20, maxBackoffMs: 40, log: (m) => logged.push(m) });
    supervisor.add({ name: 'flaky', ...node('setTimeout(() => process.exit(3), 30)') });
    supervisor.add({ name: 'steady', ...node('setInterval(() => {}, 1000)') });
    await waitFor(() => supervisor!.startsOf('flaky') >= 3, 10_000, 'three starts');
    expect(supervisor.instanceOf('flaky')).toMatch(/^c1:flaky:[3-9]$/);
    expect(supervisor.startsOf('steady')).toBe(1);
    expect(logged[0]).toMatch(/^\[flaky\] exited \(3\) after [\d.]+ s; starting it again in 0\.0 s$/);
    await supervisor.stop();
    const starts = supervisor.startsOf('flaky');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(supervisor.startsOf('flaky')).toBe(starts);
  });

  it('waits for its own instance on /readyz, not another process answering on the port', async () => {
    let answering = 'someone-else:cart:1';
    server = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'ready', instance: answering })),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const logged: string[] = [];
    await expect(waitReadyAs(url, () => 'mine:cart:1', 600, { log: (m) => logged.push(m) })).rejects.toThrow(
      `${url} is another process (instance someone-else:cart:1): free the port or set PORT`,
    );
    expect(logged).toEqual([`${url} answers as someone-else:cart:1, not as this cluster's mine:cart:1: another deployment on the port?`]);
    setTimeout(() => (answering = 'mine:cart:1'), 300);
    await waitReadyAs(url, () => 'mine:cart:1', 5_000);
    // A process that names no instance (an older build) is not ours either.
    answering = undefined as unknown as string;
    await expect(waitReadyAs(url, () => 'mine:cart:2', 400)).rejects.toThrow(
      `${url} is another process (instance unnamed): free the port or set PORT`,
    );
  });
});
