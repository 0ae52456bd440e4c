import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const homeRoutes: RouteObject[] = [{ index: true, element: <PlaceholderPage title="Главная" /> }];
