/**
 * The catalogue module's public face: its routes, the in-memory index app.ts starts (and shares between apps on one
 * database), and the pictures and certificates the demo seed draws.
 */
export { catalogRoutes } from './catalog.routes';
export { CatalogIndex } from './catalog-index-keeper';
export { drawProductPicture, renderCertificatePdf, type Pictogram } from './catalog-files';
