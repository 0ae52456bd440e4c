import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const profileRoutes: RouteObject[] = [{ path: 'profile', element: <PlaceholderPage title="Профиль" /> }];
