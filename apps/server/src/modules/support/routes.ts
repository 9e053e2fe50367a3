import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { anonymousMessageLimit } from '../../platform/request-limits.ts';

export function supportRoutes(app: FastifyInstance, { pool }: AppDeps): void {
  // open to anyone, so limited per address for callers who are not signed in
  void app.register(async (limited) => {
    limited.addHook('onRequest', anonymousMessageLimit(limited));
    route(limited, contract.bugReportCreate, async ({ req, user, body }) => {
      const id = await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `insert into bug_reports (reporter_id, name, email, description, url, exceptions)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [user?.su?.id ?? user?.id ?? null, body.name ?? user?.name ?? null, body.email ?? null, body.description.trim(), body.url, JSON.stringify(body.exceptions)],
        );
        await writeAudit(client, { ...auditActor(req), activityType: 'create', table: 'bug_reports', recordId: rows[0].id });
        return rows[0].id;
      });
      return { id };
    });
  });

  route(app, contract.bugReportList, async () => {
    const { rows } = await pool.query(
      `select id, created_at, reporter_id, name, email, description, url, exceptions from bug_reports order by created_at desc limit 200`,
    );
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at.toISOString(),
      reporterId: r.reporter_id,
      name: r.name,
      email: r.email,
      description: r.description,
      url: r.url,
      exceptions: r.exceptions,
    }));
  });
}
