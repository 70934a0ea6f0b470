// SMTP delivery through nodemailer, used when SMTP_URL is set.
import nodemailer from 'nodemailer';

/** One message as handed to the SMTP server. */
export interface SmtpMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stable per mail, so a receiving system can drop a repeat after a crash mid-send. */
  messageId: string;
}

export interface SmtpSender {
  send(message: SmtpMessage): Promise<void>;
  close(): void;
}

/** A sender over one pooled nodemailer transport for `url` (smtp:// or smtps://). */
export function smtpSender(url: string): SmtpSender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId: message.messageId,
      });
    },
    close: () => transport.close(),
  };
}
