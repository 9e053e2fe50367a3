import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/platform/config.ts';
import { smtpEmail } from '../src/platform/providers/email-smtp.ts';
import { messagingServices } from '../src/platform/providers/messaging-services.ts';
import { ChannelUnavailable, DeliveryFailed, messenger } from '../src/platform/providers/messaging.ts';
import { httpPhone } from '../src/platform/providers/phone-http.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

const outbox = async (to: string) =>
  (await db.pool.query('select channel, status, error, provider_message_id, sent_at from outbox_messages where recipient = $1', [to])).rows;

describe('SMTP e-mail (nodemailer)', () => {
  it('sends from EMAIL_FROM to the address, with subject, body, headers and the account of the URL', async () => {
    const received: { from: string; to: string[]; data: string; user: string | undefined }[] = [];
    const server = new SMTPServer({
      secure: false,
      allowInsecureAuth: true,
      authOptional: false,
      onAuth(auth, _session, cb) {
        if (auth.username === 'mailer' && auth.password === 'p@ss word') cb(null, { user: auth.username });
        else cb(new Error('Invalid username or password'));
      },
      onData(stream, session, cb) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data, user: session.user });
          cb();
        });
      },
      logger: false,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    try {
      const transport = smtpEmail(`smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${port}?ignoreTLS=true`, 'Tripline <notices@example.org>');
      const m = messenger(db.pool, { email: transport });
      await m.sendEmail('pat@example.org', 'Trip 2000123: a trip is cancelled', 'Trip 2000123 was cancelled.', null, {
        headers: { 'List-Unsubscribe': '<https://portal.example.org/u?token=abc>' },
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'notices@example.org', to: ['pat@example.org'], user: 'mailer' });
      expect(received[0]!.data).toMatch(/^Subject: Trip 2000123: a trip is cancelled$/m);
      expect(received[0]!.data).toMatch(/^From: Tripline <notices@example.org>$/m);
      expect(received[0]!.data).toMatch(/^List-Unsubscribe: <https:\/\/portal\.example\.org\/u\?token=abc>$/m);
      expect(received[0]!.data).toContain('Trip 2000123 was cancelled.');
      const [row] = await outbox('pat@example.org');
      expect(row).toMatchObject({ channel: 'email', status: 'sent', error: null });
      expect(row.provider_message_id).toMatch(/@example\.org>$/);

      const refused = messenger(db.pool, { email: smtpEmail(`smtp://mailer:wrong@127.0.0.1:${port}?ignoreTLS=true`, 'notices@example.org') });
      const failure = await refused.sendEmail('lee@example.org', 'Subject', 'Body').catch((e: Error) => e);
      expect(failure).toBeInstanceOf(DeliveryFailed);
      expect((failure as Error).message).not.toContain('wrong');
      expect(await outbox('lee@example.org')).toMatchObject([{ status: 'failed', error: expect.stringMatching(/^The mail server refused the message/) }]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

interface Hit {
  auth: string | undefined;
  url: string | undefined;
  body: Record<string, unknown>;
}

/** A gateway answering each request with the next status of the list (the last one repeats). */
async function gateway(statuses: number[], delayMs = 0): Promise<{ url: string; hits: Hit[]; close(): Promise<void> }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      hits.push({ auth: req.headers.authorization, url: req.url, body: JSON.parse(data) });
      const status = statuses[Math.min(hits.length - 1, statuses.length - 1)]!;
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(status === 200 ? { id: `msg-${hits.length}` } : { error: 'no' }));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/messages`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('HTTP SMS and voice gateway', () => {
  const options = (url: string) => ({ url, token: 'gw-token', from: '+15055550000', retryDelaysMs: [10, 10] });

  it('posts JSON with the bearer token; a 200 is sent', async () => {
    const gw = await gateway([200]);
    try {
      const m = messenger(db.pool, { phone: httpPhone(options(gw.url)) });
      await m.sendSms('(505) 555-0301', 'Trip 2000123 was cancelled. Reply STOP to end');
      await m.sendVoice('(505) 555-0301', 'This is Tripline.');
      expect(gw.hits).toEqual([
        { auth: 'Bearer gw-token', url: '/messages', body: { channel: 'sms', from: '+15055550000', to: '(505) 555-0301', body: 'Trip 2000123 was cancelled. Reply STOP to end' } },
        { auth: 'Bearer gw-token', url: '/messages/voice', body: { channel: 'voice', from: '+15055550000', to: '(505) 555-0301', body: 'This is Tripline.' } },
      ]);
      expect(await outbox('(505) 555-0301')).toMatchObject([
        { channel: 'sms', status: 'sent', provider_message_id: 'msg-1' },
        { channel: 'voice', status: 'sent', provider_message_id: 'msg-2' },
      ]);
    } finally {
      await gw.close();
    }
  });

  it('tries again after a 500 or a 429', async () => {
    const gw = await gateway([500, 429, 200]);
    try {
      await messenger(db.pool, { phone: httpPhone(options(gw.url)) }).sendSms('(505) 555-0302', 'hello');
      expect(gw.hits).toHaveLength(3);
      expect(await outbox('(505) 555-0302')).toMatchObject([{ status: 'sent' }]);
    } finally {
      await gw.close();
    }
  });

  it('marks a 400 failed at once, without trying again', async () => {
    const gw = await gateway([400]);
    try {
      const failure = await messenger(db.pool, { phone: httpPhone(options(gw.url)) }).sendSms('(505) 555-0303', 'hello').catch((e: Error) => e);
      expect(failure).toBeInstanceOf(DeliveryFailed);
      expect(gw.hits).toHaveLength(1);
      expect(await outbox('(505) 555-0303')).toMatchObject([{ status: 'failed', error: 'The SMS provider refused the message (HTTP 400)' }]);
    } finally {
      await gw.close();
    }
  });

  it('gives up on a gateway that does not answer in time, after its retries', async () => {
    const gw = await gateway([200], 400);
    try {
      const slow = httpPhone({ ...options(gw.url), timeoutMs: 100 });
      const failure = await messenger(db.pool, { phone: slow }).sendSms('(505) 555-0304', 'hello').catch((e: Error) => e);
      expect((failure as Error).message).toBe('The SMS provider did not take the message (no answer within 0.1 s)');
      expect(gw.hits).toHaveLength(3);
      expect(await outbox('(505) 555-0304')).toMatchObject([{ status: 'failed' }]);
    } finally {
      await gw.close();
    }
  });
});

describe('choosing providers by configuration', () => {
  it('keeps everything in the outbox by default, with no phone calls', async () => {
    const m = messagingServices(loadConfig({}), db.pool);
    expect(m.channels.voice).toBe(false);
    await m.sendSms('(505) 555-0305', 'kept');
    expect(await outbox('(505) 555-0305')).toMatchObject([{ channel: 'sms', status: 'queued', sent_at: null }]);
    await expect(m.sendVoice('(505) 555-0305', 'no')).rejects.toBeInstanceOf(ChannelUnavailable);
  });

  it('offers phone calls with a gateway, and refuses half a configuration', () => {
    const config = loadConfig({ SMS_HTTP_URL: 'https://sms.example.org/send', SMS_HTTP_TOKEN: 't', SMS_FROM: '+15055550000' });
    expect(messagingServices(config, db.pool).channels.voice).toBe(true);
    expect(() => loadConfig({ SMS_HTTP_URL: 'https://sms.example.org/send' })).toThrow('SMS_HTTP_TOKEN and SMS_FROM must be set with SMS_HTTP_URL');
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.org' })).toThrow('EMAIL_FROM must be set with SMTP_URL');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org', EMAIL_FROM: 'a@example.org' })).toThrow('SMTP_URL must be an smtp:// or smtps:// address');
  });
});
