/**
 * The record of who did what (issue #39 point 5). Other modules call `recordAction` in the transaction of the action
 * (team changes too: `team.invited`, `team.role_changed`, …), and `recordPersonalAction` for what is the person's own
 * (a sign-in, the profile, the password, notification settings) in each of their companies; orders placed are
 * recorded by a trigger on `orders` (migration 0017).
 */
export { recordAction, recordPersonalAction, type RecordedAction } from './record-action';
export { auditRoutes } from './audit.routes';
export { purgeOldRecords } from './audit-purge';
