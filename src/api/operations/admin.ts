import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext } from '../registry.js';
import { rowId, StringEnum } from '../schemas/common.js';
import { AppError } from '../../errors/app-error.js';
import { moderate, type ModerationCommand } from '../../domain/moderation/moderate.js';
import { REPORT_KINDS } from '../../domain/moderation/reports.js';
import { accountIdByEmail } from '../../domain/accounts/suspension.js';
import { setSetting } from '../../domain/site/site-repository.js';
import { VOTE_SETTING_BOUNDS, VOTE_SETTING_KEYS } from '../../domain/votes/vote-settings.js';

/**
 * What the site's administrators change in the admin area (/admin): moderation, votes, settings,
 * categories, blog, interview questions, prices and orders, Domain Ratings. Only administrators
 * on the website do these, so every operation is site-only and adminOnly: that is what guards
 * them. Scopes document intent (a session holds them all): 'orders:write' for prices and orders,
 * 'listings:write' for the rest, which changes what the public pages and the API show.
 */

const Done = Type.Object({ message: Type.String() });

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
  body: Type.Object({ vote: Type.Array(rowId('A vote'), { maxItems: 1000 }), reason: Reason }),
  response: Done,
  handler: async ({ vote, reason }, ctx) => runModeration(ctx, { action: 'void_votes', voteIds: vote, reason }),
});

/** Every number of the settings page: its field, its site-setting key, its words and bounds. */
export const SITE_SETTING_FIELDS = [
  {
    name: 'free_queue_min_weeks',
    key: 'free_queue_min_weeks',
    label: 'Free launches: earliest week (weeks from now)',
    min: 0,
    max: 104,
    group: 'free',
  },
  {
    name: 'free_queue_max_weeks',
    key: 'free_queue_max_weeks',
    label: 'Free launches: latest week (weeks from now)',
    min: 0,
    max: 104,
    group: 'free',
  },
  {
    name: 'free_queue_week_capacity',
    key: 'free_queue_week_capacity',
    label: 'Free launches per week',
    min: 0,
    max: 100_000,
    group: 'free',
  },
  {
    name: 'free_queue_max_waiting_per_user',
    key: 'free_queue_max_waiting_per_user',
    label: 'Listings one account may have waiting for their badge',
    min: 1,
    max: 100_000,
    group: 'free',
  },
  {
    name: 'vote_hold_hours',
    key: VOTE_SETTING_KEYS.holdHours,
    label: 'Hold votes of accounts younger than (hours; 0 counts at once)',
    min: VOTE_SETTING_BOUNDS.holdHours[0],
    max: VOTE_SETTING_BOUNDS.holdHours[1],
    group: 'votes',
  },
  {
    name: 'votes_per_minute_per_account',
    key: VOTE_SETTING_KEYS.perAccountPerMinute,
    label: 'Votes one account may cast a minute',
    min: VOTE_SETTING_BOUNDS.perAccountPerMinute[0],
    max: VOTE_SETTING_BOUNDS.perAccountPerMinute[1],
    group: 'votes',
  },
  {
    name: 'votes_per_minute_per_address',
    key: VOTE_SETTING_KEYS.perAddressPerMinute,
    label: 'Votes one address may cast a minute',
    min: VOTE_SETTING_BOUNDS.perAddressPerMinute[0],
    max: VOTE_SETTING_BOUNDS.perAddressPerMinute[1],
    group: 'votes',
  },
] as const;
type SettingName = (typeof SITE_SETTING_FIELDS)[number]['name'];
const settingBounds = (name: SettingName) => {
  const f = SITE_SETTING_FIELDS.find((x) => x.name === name)!;
  return Type.Integer({ minimum: f.min, maximum: f.max });
};

export const updateSiteSettingsOperation = defineOperation({
  operationId: 'update_site_settings',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/settings',
  tag: 'Admin',
  title: 'Change the site settings',
  summary: "The free launch queue's window and capacity, and how votes are held and rate-limited.",
  scope: 'listings:write',
  body: Type.Object({
    free_queue_min_weeks: settingBounds('free_queue_min_weeks'),
    free_queue_max_weeks: settingBounds('free_queue_max_weeks'),
    free_queue_week_capacity: settingBounds('free_queue_week_capacity'),
    free_queue_max_waiting_per_user: settingBounds('free_queue_max_waiting_per_user'),
    vote_hold_hours: settingBounds('vote_hold_hours'),
    votes_per_minute_per_account: settingBounds('votes_per_minute_per_account'),
    votes_per_minute_per_address: settingBounds('votes_per_minute_per_address'),
  }),
  response: Done,
  handler: async (input, ctx) => {
    if (input.free_queue_max_weeks < input.free_queue_min_weeks)
      throw new AppError(400, 'Nothing was saved.', {
        errors: [{ path: 'free_queue_max_weeks', message: 'Must not be earlier than the earliest week.' }],
      });
    for (const f of SITE_SETTING_FIELDS) await setSetting(ctx.db, ctx.site.id, f.key, input[f.name]);
    return { message: 'Settings saved.' };
  },
});

export const adminOperations = [
  moderateContentOperation,
  suspendAccountOperation,
  liftSuspensionOperation,
  voidVotesOperation,
  updateSiteSettingsOperation,
];
