import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type Browser, type TestApp } from './app.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';
import { createContact } from './factories.ts';
import { createPartner, signIn, type Partner } from './trip-factories.ts';

/** What a test file of the back office works with: its own database and app, a partner, and a signed-in staff user. */
export interface StaffWorld {
  db: TestDatabase;
  t: TestApp;
  x: Partner;
  staff: Browser;
}

/**
 * Made before the file's tests and removed after them. The fields are filled once the file's
 * `beforeAll` has run, so tests read them (world.db, world.staff) rather than copying them early.
 */
export function staffWorld(staffName?: string): StaffWorld {
  const world = {} as StaffWorld;
  beforeAll(async () => {
    world.db = await createTestDatabase();
    world.t = await buildTestApp(world.db.pool);
    world.x = await createPartner(world.db.pool);
    world.staff = await signIn(world.t.app, await createContact(world.db.pool, { types: ['SecureEmployee'], ...(staffName ? { name: staffName } : {}) }));
  });
  afterAll(async () => {
    await world.t?.app.close();
    await world.db?.drop();
  });
  return world;
}
