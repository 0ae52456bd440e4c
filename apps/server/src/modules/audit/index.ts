/**
 * The record of who did what (issue #39 point 5). Other modules call `recordAction` in the transaction of the action
 * (team changes too: `team.invited`, `team.role_changed`, …); orders placed are recorded by a trigger on `orders` (migration 0017).
 */
export { recordAction, type RecordedAction } from './record-action';
export { auditRoutes } from './audit.routes';
export { purgeOldRecords } from './audit-purge';
