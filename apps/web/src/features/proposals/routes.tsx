import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const proposalRoutes: RouteObject[] = [
  { path: 'kp', element: <PlaceholderPage title="Коммерческое предложение" /> },
  { path: 'logo', element: <PlaceholderPage title="Макет логотипа" /> },
];
