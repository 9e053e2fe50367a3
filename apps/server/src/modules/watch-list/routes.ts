import multipart from '@fastify/multipart';
import { contract } from '@tripline/core';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../platform/deps.ts';
import { route } from '../../platform/http.ts';
import { applyWatchListUpload } from './apply.ts';
import { listElevatedMembers, removeElevatedMember, saveElevatedMember } from './entries.ts';
import { uploadWatchList, WATCH_LIST_FORM_LIMITS } from './upload.ts';

/** The watch list of elevated members (spec 3 §2, §5, §7); token area watchlist. */
export function watchListRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.elevatedMembers, ({ user, query }) => listElevatedMembers(deps, user, query.passengerId));
  route(app, contract.elevatedMemberSave, ({ req, user, body }) => saveElevatedMember(deps, req, user, body));
  route(app, contract.elevatedMemberRemove, ({ req, user, query }) => removeElevatedMember(deps, req, user, query.id));
  route(app, contract.watchListApply, ({ req, user, body }) => applyWatchListUpload(deps, req, user, body.uploadId));

  // multipart is parsed for the workbook upload only; everywhere else a form body is refused
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: WATCH_LIST_FORM_LIMITS, throwFileSizeLimit: true });
    route(uploads, contract.watchListUpload, ({ req, user }) => uploadWatchList(deps, req, user));
  });
}
