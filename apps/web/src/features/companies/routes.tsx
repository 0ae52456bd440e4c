import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../shared/ui/placeholder-page';

export const companyRoutes: RouteObject[] = [{ path: 'company/:id?', element: <PlaceholderPage title="Компания" /> }];
