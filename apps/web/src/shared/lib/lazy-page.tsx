/**
 * A route's page whose code loads when the route is first shown. The router renders navigations in a transition, so
 * the page on screen stays until the next one's code has arrived (app/shell/shell.tsx holds the Suspense boundary).
 */
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

export function lazyPage(load: () => Promise<ComponentType>): ReactElement {
  return createElement(lazy(async () => ({ default: await load() })));
}
