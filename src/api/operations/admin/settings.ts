import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../registry.js';
import { AppError } from '../../../errors/app-error.js';
import { setSetting } from '../../../domain/site/site-repository.js';
import { VOTE_SETTING_BOUNDS, VOTE_SETTING_KEYS } from '../../../domain/votes/vote-settings.js';

import { Done } from './shared.js';

/** The site settings page: vote rules and the free launch queue, each number within its bounds. */

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
