import { ANONYMOUS_MESSAGE_LIMIT, SUPPORT_INBOX, SUPPORT_MSG, tooManyMessages } from '@tripline/core';
import { describe, expect, it } from 'vitest';
import { Browser } from './app.ts';
import { staffWorld } from './staff-world.ts';
import { createContact } from './factories.ts';
import { auditRows, createPartner, signIn } from './trip-factories.ts';

const w = staffWorld();

const stored = async () => (await w.db.pool.query('select count(*)::int n from support_requests')).rows[0].n as number;
const anonymous = { name: 'Rosa Rider', email: 'rosa@example.com', message: 'My ride did not come this morning.' };

describe('contact-support', () => {
  it("400 with the form's texts for a message that may not be sent; nothing is stored", async () => {
    const anon = new Browser(w.t.app, '198.51.100.20');
    const cases = [
      [{ ...anonymous, message: '  ' }, SUPPORT_MSG.MESSAGE_REQUIRED],
      [{ ...anonymous, message: 'x'.repeat(5001) }, SUPPORT_MSG.MESSAGE_TOO_LONG],
      [{ message: 'Help please' }, SUPPORT_MSG.NAME_REQUIRED],
      [{ name: 'Rosa', message: 'Help please' }, SUPPORT_MSG.CONTACT_REQUIRED],
      [{ name: 'Rosa', phone: '555-01', message: 'Help please' }, SUPPORT_MSG.PHONE_INVALID],
    ] as const;
    for (const [body, message] of cases) {
      const res = await anon.post('/api/contact-support', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await new Browser(w.t.app, '198.51.100.29').post('/api/contact-support', { message: 42 })).statusCode).toBe(400);
    expect(await stored()).toBe(0);
  });

  it("answers 'OK' to a sender who is not signed in, stores the message and emails support", async () => {
    const res = await new Browser(w.t.app, '198.51.100.21').post('/api/contact-support', { ...anonymous, message: 'x'.repeat(5000) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('OK');
    const { rows } = await w.db.pool.query("select * from support_requests where email = 'rosa@example.com'");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contact_id: null, name: 'Rosa Rider', client_address: '198.51.100.21' });
    const mail = await w.db.pool.query('select subject, body from outbox_messages where recipient = $1', [SUPPORT_INBOX]);
    expect(mail.rows.at(-1).subject).toBe('Support message from Rosa Rider');
    expect(mail.rows.at(-1).body).toContain('Reply to: rosa@example.com');
    expect((await auditRows(w.db.pool, 'support_requests', rows[0].id))[0]).toMatchObject({ activity_type: 'create', actor_id: null });
  });

  it('a signed-in sender needs only the message; their name, email and phone come from their record', async () => {
    const sender = await createContact(w.db.pool, { name: 'Pat Partner', types: ['Affiliate'], email: 'pat@example.com', phone: { number: '(505) 555-0142' } });
    const b = await signIn(w.t.app, sender);
    expect((await b.post('/api/contact-support', { message: 'Where do I upload insurance?' })).json()).toBe('OK');
    const { rows } = await w.db.pool.query('select * from support_requests where contact_id = $1', [sender.id]);
    expect(rows[0]).toMatchObject({ name: 'Pat Partner', email: 'pat@example.com', phone: '(505) 555-0142' });
  });

  it(`is limited to ${ANONYMOUS_MESSAGE_LIMIT.max} an hour per address together with bug reports (429), signed-in senders are not`, async () => {
    const ip = '203.0.113.60';
    const anon = new Browser(w.t.app, ip);
    await anon.post('/api/bug-report', { description: 'x'.repeat(80) });
    for (let i = 1; i < ANONYMOUS_MESSAGE_LIMIT.max; i++) expect((await anon.post('/api/contact-support', anonymous)).statusCode).toBe(200);
    const before = await stored();
    const refused = await anon.post('/api/contact-support', anonymous);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyMessages(ANONYMOUS_MESSAGE_LIMIT.windowMs));
    expect(await stored()).toBe(before);
    const { user } = await createPartner(w.db.pool);
    const signedIn = new Browser(w.t.app, ip);
    await signedIn.login(user.username!, 'Correct-Horse9');
    expect((await signedIn.post('/api/contact-support', { message: 'Still here' })).statusCode).toBe(200);
  });
});

describe('support messages for staff', () => {
  it('401 → 403 for a partner → the list, newest first, for staff', async () => {
    expect((await new Browser(w.t.app).get('/api/contact-support')).statusCode).toBe(401);
    const { user } = await createPartner(w.db.pool);
    expect((await (await signIn(w.t.app, user)).get('/api/contact-support')).statusCode).toBe(403);
    const staff = await signIn(w.t.app, await createContact(w.db.pool, { types: ['SecureEmployee'] }));
    const list = (await staff.get('/api/contact-support')).json();
    expect(list.length).toBeGreaterThan(2);
    expect(list[0].createdAt >= list[list.length - 1].createdAt).toBe(true);
    expect(list.find((r: { name: string }) => r.name === 'Pat Partner')).toMatchObject({ contactNumber: expect.any(Number), email: 'pat@example.com' });
  });
});
