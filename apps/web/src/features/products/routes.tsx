import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const productRoutes: RouteObject[] = [
  { path: 'product/:article?', element: <PlaceholderPage title="Поиск товара" /> },
  { path: 'certificate/:article?', element: <PlaceholderPage title="Сертификаты" /> },
];
