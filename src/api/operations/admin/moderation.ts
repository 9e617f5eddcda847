import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext } from '../../registry.js';
import { rowId, StringEnum } from '../../schemas/common.js';
import { AppError } from '../../../errors/app-error.js';
import { moderate, type ModerationCommand } from '../../../domain/moderation/moderate.js';
import { REPORT_KINDS } from '../../../domain/moderation/reports.js';
import { accountIdByEmail } from '../../../domain/accounts/suspension.js';

import { Done } from './shared.js';

/** Moderation, suspensions and voided votes: each recorded with the administrator and a reason. */

/** Runs a moderation command for the administrator; a refusal becomes the error it names. */
async function runModeration(ctx: OperationContext, cmd: ModerationCommand) {
  const outcome = await moderate(ctx.db, ctx.site.id, ctx.principal!.userId, cmd, ctx.now());
  if (!outcome.ok) throw new AppError(outcome.status, outcome.message);
  return { message: outcome.message };
}

// The reason's length is the domain's check, in its own words (moderate).
const Reason = Type.String({ description: 'Why; recorded with the action' });

export const moderateContentOperation = defineOperation({
  operationId: 'moderate_content',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/moderation',
  tag: 'Admin',
  title: 'Hide, restore or dismiss reports',
  summary: 'Hides or restores a listing, review or comment, or dismisses the reports on it; recorded with a reason.',
  scope: 'listings:write',
  notFound: true,
  body: Type.Object({
    action: StringEnum(['hide', 'restore', 'dismiss']),
    kind: StringEnum(REPORT_KINDS),
    id: rowId(),
    reason: Reason,
  }),
  response: Done,
  handler: async ({ action, kind, id, reason }, ctx) => runModeration(ctx, { action, kind, id, reason }),
});

export const suspendAccountOperation = defineOperation({
  operationId: 'suspend_account',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/accounts/suspend',
  tag: 'Admin',
  title: 'Suspend an account',
  summary: 'Stops an account voting, reviewing, commenting and reporting; it can still sign in and read.',
  scope: 'listings:write',
  notFound: true,
  body: Type.Object({ email: Type.String(), reason: Reason }),
  response: Done,
  handler: async ({ email, reason }, ctx) => {
    const userId = email ? await accountIdByEmail(ctx.db, email) : null;
    if (userId === null) throw new AppError(404, `No account has the email ${email || '(empty)'}.`);
    if (userId === ctx.principal!.userId) throw new AppError(400, 'You cannot suspend your own account.');
    return runModeration(ctx, { action: 'suspend', userId, reason });
  },
});

export const liftSuspensionOperation = defineOperation({
  operationId: 'lift_suspension',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/accounts/{user_id}/unsuspend',
  tag: 'Admin',
  title: 'Lift a suspension',
  summary: 'Lets a suspended account take part again.',
  scope: 'listings:write',
  notFound: true,
  body: Type.Object({ user_id: rowId('The suspended account'), reason: Reason }),
  response: Done,
  handler: async ({ user_id, reason }, ctx) => runModeration(ctx, { action: 'unsuspend', userId: user_id, reason }),
});

export const voidVotesOperation = defineOperation({
  operationId: 'void_votes',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/votes/void',
  tag: 'Admin',
  title: 'Void votes',
  summary: 'Voids the chosen votes with a reason: every board, ranking and the award job then leave them out.',
  scope: 'listings:write',
  notFound: true,
  // A cluster's vote ids all come in one form: room for a large attack, still a bounded body.
  body: Type.Object({ vote: Type.Array(rowId('A vote'), { maxItems: 10_000 }), reason: Reason }),
  response: Done,
  handler: async ({ vote, reason }, ctx) => runModeration(ctx, { action: 'void_votes', voteIds: vote, reason }),
});
