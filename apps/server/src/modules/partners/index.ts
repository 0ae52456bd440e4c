// Companies, their contracts and managers; other modules read a company's checks awaiting payment from here.
export { partnersRoutes } from './partners.routes';
export { pendingChecks } from './partners.repository';
