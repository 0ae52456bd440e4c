import type { RouteObject } from 'react-router';
import { lazyPage } from '../../shared/lib/lazy-page';

export const productRoutes: RouteObject[] = [
  { path: 'product/:article?', element: lazyPage(() => import('./product-page').then((m) => m.ProductPage)) },
  { path: 'certificate/:article?', element: lazyPage(() => import('./certificate-page').then((m) => m.CertificatePage)) },
];
