import nodemailer from 'nodemailer';
import { DeliveryFailed, type EmailTransport } from './messaging.ts';

/**
 * E-mail through an SMTP server (SMTP_URL, e.g. smtps://user:password@mail.example.org:465, or
 * smtp://… with STARTTLS), sent from EMAIL_FROM. The URL carries the password: it is never logged,
 * and a refusal is reported by its SMTP status alone.
 */
export function smtpEmail(smtpUrl: string, from: string): EmailTransport {
  // time limits, so a dead server fails a send instead of holding it
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async sendEmail(m) {
      try {
        const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.body, headers: m.headers });
        return typeof info.messageId === 'string' ? info.messageId : null;
      } catch (e) {
        const code = (e as { responseCode?: number; code?: string }).responseCode ?? (e as { code?: string }).code ?? 'unknown';
        throw new DeliveryFailed(`The mail server refused the message (${code})`);
      }
    },
  };
}
