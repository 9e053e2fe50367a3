import type { Pool } from 'pg';
import type { Config } from '../config.ts';
import { smtpEmail } from './email-smtp.ts';
import { messenger, type Messenger } from './messaging.ts';
import { httpPhone } from './phone-http.ts';

/** The messenger configuration asks for: SMTP e-mail and an HTTP phone gateway when set, the outbox always. */
export function messagingServices(config: Pick<Config, 'smtpUrl' | 'emailFrom' | 'smsHttpUrl' | 'smsHttpToken' | 'smsFrom'>, pool: Pool): Messenger {
  const email = config.smtpUrl ? smtpEmail(config.smtpUrl, config.emailFrom) : null;
  const phone =
    config.smsHttpUrl && config.smsHttpToken && config.smsFrom
      ? httpPhone({ url: config.smsHttpUrl, token: config.smsHttpToken, from: config.smsFrom })
      : null;
  return messenger(pool, { email, phone });
}
