import type { RouteObject } from 'react-router';

export const productRoutes: RouteObject[] = [
  { path: 'product/:article?', lazy: () => import('./product-page').then((m) => ({ Component: m.ProductPage })) },
  { path: 'certificate/:article?', lazy: () => import('./certificate-page').then((m) => ({ Component: m.CertificatePage })) },
];
