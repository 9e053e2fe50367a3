import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { auditActor, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';

export function supportRoutes(app: FastifyInstance, { pool }: AppDeps): void {
  route(app, contract.bugReportCreate, async ({ req, user, body }) => {
    const { rows } = await pool.query(
      `insert into bug_reports (reporter_id, name, email, description, url, exceptions)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [user?.su?.id ?? user?.id ?? null, body.name ?? user?.name ?? null, body.email ?? null, body.description.trim(), body.url, JSON.stringify(body.exceptions)],
    );
    await writeAudit(pool, { ...auditActor(req), activityType: 'create', table: 'bug_reports', recordId: rows[0].id });
    return { id: rows[0].id };
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
