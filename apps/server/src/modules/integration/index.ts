// The integration module's public face: what other modules (the 1C exchange) reuse of its rules, so that every kind
// of catalogue item is checked and written in one place whichever way it arrives; and the batches themselves, which
// the demo seed sends as the ERP would.
export {
  INTEGRATION_KINDS,
  INTEGRATION_KIND_NAMES,
  ItemRefused,
  MAX_BATCH_ITEMS,
  articleTaken,
  importBatch,
  importCatalogue,
  importProductFiles,
  offerValues,
  productValues,
  type BatchOptions,
  type IntegrationApp,
  type IntegrationKindName,
} from './integration.service';
// The operators' commands of the command line (cli.ts): import a file, users, the VAT table.
export { OperatorError, UserExists, createUser, formatReport, importFile, resetPassword, setBlocked, setVat, vatTable } from './operator-commands';
export { integrationRoutes } from './integration.routes';
