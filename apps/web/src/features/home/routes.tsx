import type { RouteObject } from 'react-router';
import { HomePage } from './home-page';

// The main page is the first screen after sign-in: not lazy, so it shows without a second round trip.
export const homeRoutes: RouteObject[] = [{ index: true, element: <HomePage /> }];
