// A real SMTP server for tests (smtp-server), keeping every message it accepts parsed by
// mailparser: subject, recipients, both parts and the headers, as a receiving system sees them.
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  parsed: ParsedMail;
}

const addresses = (value: ParsedMail['to']): string[] => {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => v.address ?? ''));
};

export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** Refuse the next N messages with a 451 (a server that is down for a moment). */
  refuseNext = 0;
  readonly #server: SMTPServer;

  constructor() {
    this.#server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        if (this.refuseNext > 0) {
          this.refuseNext--;
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
          return;
        }
        simpleParser(stream)
          .then((parsed) => {
            this.received.push({
              from: addresses(parsed.from)[0] ?? '',
              to: addresses(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              parsed,
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  /** The SMTP_URL of this server. */
  get url(): string {
    return `smtp://127.0.0.1:${(this.#server.server.address() as AddressInfo).port}`;
  }

  /** The mail that arrived for one address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.to.includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
