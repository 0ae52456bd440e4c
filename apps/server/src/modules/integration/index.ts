// The integration module's public face: what other modules (the 1C exchange) reuse of its rules, so that every kind
// of catalogue item is checked and written in one place whichever way it arrives.
export { INTEGRATION_KINDS, ItemRefused, articleTaken, offerValues, productValues, type IntegrationApp } from './integration.service';
export { integrationRoutes } from './integration.routes';
