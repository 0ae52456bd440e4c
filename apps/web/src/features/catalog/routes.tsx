import { catalogSelectionOf } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { partnersQueryOptions } from '../../shared/api/get-partners';
import { companyInUse, useCompanyInUseStore } from '../../shared/company-in-use';
import { lazyPage } from '../../shared/lib/lazy-page';
import { catalogMenuQueryOptions } from './api/get-catalog-menu';
import { catalogProductsQueryOptions, catalogRequestFor } from './api/get-catalog-products';

/**
 * The group tree and the first page of products, asked for from the app's entry, beside the page's code rather than
 * after it; the page is priced for the company in use, so it waits for the user's companies.
 */
function prefetchCatalogData(client: QueryClient, group: string | undefined, search: string) {
  void client.prefetchQuery(catalogMenuQueryOptions());
  client
    .fetchQuery(partnersQueryOptions())
    .then((companies) => {
      const request = catalogRequestFor(catalogSelectionOf(new URLSearchParams(search)), companyInUse(companies, useCompanyInUseStore.getState().uid));
      return client.prefetchQuery(catalogProductsQueryOptions(group, request));
    })
    // The page asks again and shows what goes wrong.
    .catch(() => undefined);
}

export const catalogRoutes: RouteObject[] = [
  {
    path: 'catalog/catalog/:id?',
    element: lazyPage(
      () => import('./catalog-page').then((m) => m.CatalogPage),
      (client, opening) => prefetchCatalogData(client, opening.params.id, opening.search),
    ),
  },
  { path: 'catalog/interactive', element: lazyPage(() => import('./interactive-page').then((m) => m.InteractivePage)) },
  { path: 'catalog/season-sale', element: lazyPage(() => import('./season-sale-page').then((m) => m.SeasonSalePage)) },
];
