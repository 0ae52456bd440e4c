// The integration module's public face: what other modules (the 1C exchange) reuse of its rules, so that every kind
// of catalogue item is checked and written in one place whichever way it arrives; the ERP's document records the
// demo seed writes as the ERP would.
export { INTEGRATION_KINDS, INTEGRATION_KIND_NAMES, ItemRefused, articleTaken, offerValues, productValues, type IntegrationApp } from './integration.service';
export { insertOrderDocument, orderDocumentOf, productUidsByArticles, setProductPrices, upsertOffers, upsertProducts } from './integration.repository';
// The operators' commands of the command line (cli.ts): import a file, users, the VAT table.
export { OperatorError, createUser, formatReport, importFile, resetPassword, setBlocked, setVat, vatTable } from './operator-commands';
export { integrationRoutes } from './integration.routes';
