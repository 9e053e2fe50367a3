import { z } from 'zod';
import { text } from './text.ts';
import { noControlCharacters } from '../audit/query.ts';
import { LOG_MSG } from '../audit/messages.ts';
import { NOTE_MAX, REVIEW_DECISIONS, REVIEW_MSG } from '../review/adjustment-review.ts';
import { DriveAssignment } from '../trips/model.ts';
import { endpoint } from './endpoint.ts';
import { PartnerActivity } from './log.ts';

export const ReviewBody = z.object({
  activityId: z.uuid({ error: REVIEW_MSG.ACTIVITY_REQUIRED }),
  status: z.enum(REVIEW_DECISIONS, { error: REVIEW_MSG.DECISION }),
  note: text().trim().max(NOTE_MAX, REVIEW_MSG.NOTE_TOO_LONG).refine(noControlCharacters, LOG_MSG.CONTROL_CHARACTER).default(''),
});

export const ReviewResult = z.object({ activity: PartnerActivity, trip: DriveAssignment });

export const reviewEndpoints = {
  partnerMonitor: endpoint({
    method: 'POST',
    path: 'partner-monitor',
    area: 'trips',
    summary:
      "Approve or deny a pending request (wait time, expense, rate, mileage, pharmacy stop, portal cancellation) with an optional note (appended to the request's notes and sent to the partner). Approval applies it (core approvalEffect: wait minutes, the rate override, paid or deadhead miles, a pharmacy stop's legs; a denied cancellation is charged); the trip is repriced, its pay status recomputed and the partner's users notified. A request already reviewed answers 409.",
    access: { roles: ['SecureEmployee'] },
    answers: [404, 409],
    body: ReviewBody,
    response: ReviewResult,
  }),
};
