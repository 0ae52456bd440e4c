import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const claimRoutes: RouteObject[] = [
  { path: 'claims', element: <PlaceholderPage title="Рекламации" /> },
  { path: 'claims/request', element: <PlaceholderPage title="Новая рекламация" /> },
  { path: 'claims/success', element: <PlaceholderPage title="Рекламация отправлена" /> },
];
