// Health, readiness and metrics (routes and plugin), and the operators' backup, restore and move commands.
export { healthRoutes } from './health.routes';
export { operationsPlugin } from './operations.plugin';
export { backupCommand, moveCommand, restoreCommand, verifyCommand } from './commands';
