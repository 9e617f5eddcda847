import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Body, StringEnum } from '../schemas/common.js';
import { NOTIFICATION_KINDS } from '../../domain/notifications/notification-kinds.js';
import { saveKindsOn } from '../../domain/notifications/notification-repository.js';
import { sessionUserId } from './account-settings.js';

/** The notification mails of the account page (README "Notifications"); site-only like the page's other settings. */
export const updateNotificationSettingsOperation = defineOperation({
  operationId: 'update_notification_settings',
  surfaces: ['site'],
  method: 'PUT',
  path: '/me/notification-settings',
  tag: 'Account',
  title: 'Choose your notification mails',
  summary: 'Turns on exactly the kinds of notification mail listed in `on`; every other kind is turned off.',
  scope: null,
  body: Body({
    on: Type.Optional(Type.Array(StringEnum(NOTIFICATION_KINDS), { maxItems: NOTIFICATION_KINDS.length * 2 })),
  }),
  response: Type.Object({ on: Type.Array(StringEnum(NOTIFICATION_KINDS)) }),
  handler: async ({ on }, ctx) => {
    const kinds = NOTIFICATION_KINDS.filter((k) => on?.includes(k));
    await saveKindsOn(ctx.db, sessionUserId(ctx), kinds);
    return { on: kinds };
  },
});

export const notificationSettingsOperations = [updateNotificationSettingsOperation];
