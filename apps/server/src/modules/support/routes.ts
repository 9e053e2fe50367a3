import { contract, SUPPORT_OK, supportMessageProblems } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import { auditActor, inTransaction, writeAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { route, sendPrepared } from '../../platform/http.ts';
import { anonymousMessageLimit } from '../../platform/request-limits.ts';
import { listSupportRequests, storeSupportRequest, supportEmail } from './support-requests.ts';

export function supportRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { pool } = deps;
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

    // spec 1 §7: the support form; stored, and emailed to support through the outbox
    route(limited, contract.contactSupport, async ({ req, reply, user, body }) => {
      const problems = supportMessageProblems(body, user !== null);
      if (problems.length > 0) throw badRequest(problems[0].message, problems.map((p) => ({ path: p.field, message: p.message })));
      const stored = await inTransaction(pool, async (client) => {
        const row = await storeSupportRequest(client, { ...body, sender: user, clientAddress: req.ip });
        await writeAudit(client, { ...auditActor(req), activityType: 'create', table: 'support_requests', recordId: row.id });
        return row;
      });
      const mail = supportEmail(stored);
      await deps.messenger.sendEmail(mail.to, mail.subject, mail.body, stored.contactId);
      // a JSON string, as the API description says (Fastify would send a bare string as text)
      return sendPrepared<typeof SUPPORT_OK>(reply, Buffer.from(JSON.stringify(SUPPORT_OK)));
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

  route(app, contract.supportRequestList, async () => listSupportRequests(pool));
}
