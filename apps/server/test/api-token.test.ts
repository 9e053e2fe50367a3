import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/platform/auth/sessions.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await buildTestApp(db.pool);
});
afterAll(async () => {
  await t.app.close();
  await db.drop();
});

async function token(contactId: string, endpoints: Record<string, string[]>, extra: { revoked?: boolean; expiresAt?: Date } = {}) {
  const value = `tok_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  await db.pool.query(
    'insert into api_tokens (contact_id, name, token_hash, endpoints, revoked, expires_at) values ($1, $2, $3, $4, $5, $6)',
    [contactId, 'integration', hashToken(value), JSON.stringify(endpoints), extra.revoked ?? false, extra.expiresAt ?? null],
  );
  return value;
}

const call = (value: string, url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${value}` } });

describe('API tokens', () => {
  it('call the endpoints and methods on their list, with their contact’s roles', async () => {
    const staff = await createContact(db.pool, { types: ['SecureEmployee'], username: null });
    const allowed = await token(staff.id, { contacts: ['GET'] });
    expect((await call(allowed, '/api/global-search?q=abc')).statusCode).toBe(200);
    expect((await call(allowed, '/api/current-user')).statusCode).toBe(403);
    const other = await token(staff.id, { trips: ['GET', 'POST'] });
    expect((await call(other, '/api/global-search?q=abc')).statusCode).toBe(403);
  });

  it('do not lift the contact’s own roles', async () => {
    const partner = await createContact(db.pool, { types: ['Affiliate'], username: null });
    const value = await token(partner.id, { contacts: ['GET'] });
    expect((await call(value, '/api/global-search?q=abc')).statusCode).toBe(403);
  });

  it('answer 401 when unknown, revoked or expired', async () => {
    const staff = await createContact(db.pool, { types: ['SecureEmployee'], username: null });
    expect((await call('nope', '/api/global-search?q=abc')).statusCode).toBe(401);
    const revoked = await token(staff.id, { contacts: ['GET'] }, { revoked: true });
    expect((await call(revoked, '/api/global-search?q=abc')).statusCode).toBe(401);
    const expired = await token(staff.id, { contacts: ['GET'] }, { expiresAt: new Date('2020-01-01') });
    expect((await call(expired, '/api/global-search?q=abc')).statusCode).toBe(401);
  });
});
