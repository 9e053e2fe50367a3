import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** Applies the versioned migrations in apps/server/migrations that the database has not seen. */
export async function migrate(url: string, log: (s: string) => void = () => {}): Promise<void> {
  await runner({
    databaseUrl: url,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    checkOrder: true,
    singleTransaction: true,
    log: (msg: string) => {
      if (/^(Migrating files|> Migrating|No migrations to run)/.test(msg)) log(msg.trim());
    },
  });
}
