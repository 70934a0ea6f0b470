// What browser tests share: the web app built once per test run, the whole platform started in
// embedded mode as a real process (the way `pnpm start` runs it, own data directory and port), and
// Debian's Chromium driven by playwright-core. Browser tests live in test/ (the "processes"
// project, run in band) so they never compete with each other for the two cores.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from '@sc/platform/test-kit';
import { TestSmtpServer } from '@sc/platform/test-kit/smtp-server';
import { ROOT, startProcess, waitForHttp, type Running } from './helpers.js';

/** Debian's package puts it here; CHROMIUM_PATH points elsewhere. Never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const builtWeb = new Map<string, string>();

/** The files under `dir` a build reads: all but node_modules, builds and dot-files. */
function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? webSources(full) : [full];
  });
}

/**
 * Builds web/ once per content and mode, and answers the directory: the build is kept in the
 * temporary directory under the hash of web/'s and contracts' files, the lockfile and the mode, so
 * every browser test file of a run (and the next run, if nothing changed) uses one build. Nothing
 * writes to it: the gateway and render only read WEB_DIST. `production` builds as `pnpm start` does
 * (Jest's NODE_ENV=test would make a child Vite use React's development build). Building took
 * 13 s per file on a loaded machine, and 21 browser files each built the same files.
 */
export function buildWeb(options: { production?: boolean } = {}): string {
  const mode = options.production ? 'production' : (process.env.NODE_ENV ?? '');
  const known = builtWeb.get(mode);
  if (known) return known;
  const web = path.join(ROOT, 'web');
  const hash = createHash('sha256')
    .update(mode)
    .update(readFileSync(path.join(ROOT, 'pnpm-lock.yaml')));
  // web/ and the one workspace package it imports (@sc/contracts).
  const sources = [...webSources(web), ...webSources(path.join(ROOT, 'packages/contracts'))].sort();
  for (const file of sources) hash.update(path.relative(ROOT, file)).update(readFileSync(file));
  const outDir = path.join(tmpdir(), `sc-web-${hash.digest('hex').slice(0, 16)}`);
  // The marker beside the build says it finished (a run stopped mid-build leaves none).
  const complete = `${outDir}.complete`;
  if (!existsSync(complete)) {
    const building = mkdtempSync(path.join(tmpdir(), 'sc-web-building-'));
    // Vite's native bundler cannot run inside Jest's VM: a child process, as a developer runs it.
    const built = spawnSync(
      process.execPath,
      [path.join(web, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', building, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: web,
        encoding: 'utf8',
        env: options.production ? { ...process.env, NODE_ENV: 'production' } : process.env,
      },
    );
    if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);
    // Another run may have finished the same build meanwhile: then its copy stays and is used.
    if (existsSync(complete)) rmSync(building, { recursive: true, force: true });
    else {
      rmSync(outDir, { recursive: true, force: true });
      renameSync(building, outDir);
      writeFileSync(complete, '');
    }
  }
  builtWeb.set(mode, outDir);
  return outDir;
}

export interface RunningPlatform {
  /** The gateway's base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  run: Running;
  stop: () => Promise<void>;
  /** The platform's mail, where a test reads the links (its log without SMTP_URL, or an SMTP server's). */
  mail?: MailSource;
}

/** Mail as a test reads it: who it went to, its subject and text (where the links are). */
export interface MailSource {
  readonly received: ReadonlyArray<{ to: string[]; subject: string; text: string }>;
}

/**
 * The mail a platform without SMTP_URL kept in its local mailbox, read from its log as the owner
 * of a local install reads it (MAIL_LOG_LOCAL: a warning per mail with its recipient and links).
 * The local mailbox itself stays as the admin's Sent mail screens show it.
 */
export function loggedMail(run: { output(): string }): MailSource {
  return {
    get received() {
      const mails: Array<{ to: string[]; subject: string; text: string }> = [];
      for (const line of run.output().split('\n')) {
        if (!line.includes('kept in the local mailbox')) continue;
        try {
          const entry = JSON.parse(line) as { to?: string; links?: string[]; msg?: string };
          if (entry.to && entry.links) mails.push({ to: [entry.to], subject: entry.msg ?? '', text: ` ${entry.links.join(' ')} ` });
        } catch {
          // Not a JSON log line (a pretty-printed one on a terminal): not the platform's mail log.
        }
      }
      return mails;
    },
  };
}

/** A real SMTP server for a platform to send to (pass its URL as SMTP_URL). */
export async function startMailCatcher(): Promise<{ mail: TestSmtpServer; url: string }> {
  const mail = new TestSmtpServer();
  return { mail, url: await mail.start() };
}

/**
 * The first link matching `pattern` in a mail to `to` (waiting for it to arrive): its path and
 * query, to open on the address the test's browser uses (the mail names the website's own host).
 */
export async function mailedPath(mail: MailSource | undefined, to: string, pattern: RegExp, timeoutMs = 45_000): Promise<string> {
  if (!mail) throw new Error('this platform was not started by the test: no mail to read');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const received of mail.received) {
      if (!received.to.includes(to)) continue;
      // Absolute links, or the relative one a website without a domain gets ("Link: /config/...").
      const link = [...received.text.matchAll(/(?:https?:\/\/|(?<=\s)\/)[^\s"'<>)]+/g)].map((m) => m[0]).find((l) => pattern.test(l));
      if (link) {
        const url = new URL(link, 'http://relative.invalid');
        return `${url.pathname}${url.search}`;
      }
    }
    if (Date.now() > deadline)
      throw new Error(
        `no mail to ${to} with a link like ${pattern}; received: ${mail.received.map((m) => `${m.to.join(',')} ${m.subject}`).join('; ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Starts `pnpm start` (embedded mode, demo site seeded) with its own data directory and port and
 * the given web build. `env` adds or overrides variables (e.g. server URLs for distributed parts).
 */
export async function startPlatform(
  options: { webDist?: string; env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<RunningPlatform> {
  const port = await freePort();
  const run = startProcess('scripts/start-embedded.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'sc-browser-')),
    DATABASE_URL: '',
    NATS_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    WEB_DIST: options.webDist ?? buildWeb(),
    ...options.env,
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/readyz`, options.startTimeoutMs ?? 60_000);
  } catch (error) {
    run.child.kill('SIGKILL');
    throw new Error(`the platform did not start:\n${run.output()}`, { cause: error });
  }
  return {
    url,
    run,
    stop: async () => {
      run.child.kill('SIGINT');
      await run.exited;
    },
  };
}

/** Headless Chromium with the flags this machine needs (closed network, running as root). */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
