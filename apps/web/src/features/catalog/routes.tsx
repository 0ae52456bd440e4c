import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const catalogRoutes: RouteObject[] = [
  { path: 'catalog/catalog/:id?', element: <PlaceholderPage title="Электронный каталог" /> },
  { path: 'catalog/interactive', element: <PlaceholderPage title="Интерактивный каталог" /> },
  { path: 'catalog/season-sale', element: <PlaceholderPage title="Сезонная распродажа" /> },
];
