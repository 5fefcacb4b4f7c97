/**
 * Reminders (part 4 §8): the signed-in user's in-app notifications and the weekly digest's opt-in.
 */
import * as z from 'zod/mini';
import { schema, text } from './common.ts';

export const notificationKinds = ['iep_review_due', 'evaluation_due', 'minutes_behind', 'notes_missing', 'cosign_waiting', 'job_done'] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Windows of part 4 §8, in days. */
export const IEP_REVIEW_WINDOW_DAYS = 30;
export const EVALUATION_WINDOW_DAYS = 60;
export const PERIOD_END_WINDOW_DAYS = 14;

/**
 * A notification's id names what it is about: `<kind>.<subject id>` (the student's id, or the
 * job's for `job_done`). Unique per user, so one per student and kind by construction.
 */
export const NOTIFICATION_ID = /^(iep_review_due|evaluation_due|minutes_behind|notes_missing|cosign_waiting|job_done)\.[0-9a-f-]{36}$/;
export const notificationId = /* @__PURE__ */ schema(() => text('line').check(z.regex(NOTIFICATION_ID, 'Must be a notification id')));

export const notification = /* @__PURE__ */ schema(() =>
  z.object({
    id: z.string(),
    kind: z.enum(notificationKinds),
    text: z.string(),
    /** An app path such as `/clients/<id>`. */
    link: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
  }),
);
export type Notification = z.output<typeof notification>;

/** At most this many ids per request (a list never shows more). */
export const MAX_READ_IDS = 200;
export const markReadBody = /* @__PURE__ */ schema(() =>
  z.object({ ids: z.array(notificationId).check(z.minLength(1, 'Name at least one notification'), z.maxLength(MAX_READ_IDS, `At most ${MAX_READ_IDS} notifications at once`)) }),
);

export const userPreferences = /* @__PURE__ */ schema(() => z.object({ weeklyDigest: z.boolean() }));
export type UserPreferences = z.output<typeof userPreferences>;
