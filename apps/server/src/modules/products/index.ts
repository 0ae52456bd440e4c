/**
 * The products module as other modules use it: the prices a request sees (the user's price type or a company's
 * contracts), a picture's address, and a company's price rows in the domain's words; and the search a dealer's
 * order form uses, by which the demo seed finds the products its orders contain.
 */
export { imageUrl, resolvePricing, searchProducts, type NameWordsIndex, type Pricing } from './products.service';
export { offerPriceListOf, pricingContractsOf, productPriceListOf } from './price-rows';
export { productsRoutes } from './products.routes';
export { certificatesRoutes } from './certificates.routes';
// A product's pictures and certificates, stored by content and attached set-based: the ERP's /product-files and the
// demo seed's catalogue (through the integration module) attach them here.
export {
  attachProductFiles,
  productFileProblem,
  storeProductFile,
  storedProductFile,
  type CertificateValues,
  type ProductFileKind,
  type ProductFiles,
} from './product-files.service';
// The bound of a prefix search on a text index, which the orders' history search uses too.
export { prefixUpperBound } from './products.repository';
