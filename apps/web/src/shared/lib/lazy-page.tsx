/**
 * A route's page whose code loads when the route is first shown. The router renders navigations in a transition, so
 * the page on screen stays until the next one's code has arrived (app/shell/shell.tsx holds the Suspense boundary).
 *
 * The page the app opens on need not wait for that: `preloadPage` starts its code, and the data its first screen
 * asks for (`prefetch`), while the shell's code is still arriving — otherwise the page's code is asked for only once
 * the shell has rendered, and its data only once the page has.
 */
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, createElement, lazy, startTransition, useEffect, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import type { Params } from 'react-router';

/** Where the app opened: the route's parameters and the address's query. */
export interface Opening {
  params: Params;
  search: string;
}

type Prefetch = (client: QueryClient, opening: Opening) => void;

interface Preload {
  load: () => Promise<ComponentType>;
  prefetch?: Prefetch;
}

const preloads = new WeakMap<object, Preload>();

/** Calls `load` once; a failed load may be tried again (by React's render, which shows the route's error). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export function lazyPage(load: () => Promise<ComponentType>, prefetch?: Prefetch): ReactElement {
  const loadOnce = once(load);
  const element = createElement(lazy(async () => ({ default: await loadOnce() })));
  preloads.set(element, { load: loadOnce, prefetch });
  return element;
}

/** Starts the code of a route's lazy page and the data of its first screen; anything else is left alone. */
export function preloadPage(element: ReactNode, client: QueryClient, opening: Opening) {
  const preload = element && typeof element === 'object' ? preloads.get(element) : undefined;
  if (!preload) return;
  // A failure here is the page's own to show when it renders and asks again.
  preload.load().catch(() => undefined);
  preload.prefetch?.(client, opening);
}

/**
 * Mounts a lazily loaded panel (a modal, a drawer) once it has been opened, and keeps it mounted so it can play its
 * closing transition: its code loads the first time it opens, not with the screen around it. Kept here, in the app's
 * entry, rather than in a module of its own: the shell and the order page share it, and a chunk of its own was one
 * more request for the main page.
 */
export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [seen, setSeen] = useState(opened);
  if (opened && !seen) setSeen(true);
  return seen ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Calls `callback` once the next frame has been painted; returns what cancels it. */
export function afterNextPaint(callback: () => void): () => void {
  // A timer set from an animation frame runs once that frame has been painted.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the frame after `ready` became true has been painted; then true, set in a transition (the render it
 * starts yields to the browser instead of holding the main thread in one task). What a screen draws only then neither
 * delays its first paint nor, if it loads code, shares the connections with what is on screen.
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [ready, painted]);
  return painted;
}

/**
 * Mounts its children once the screen has painted: a lazily loaded part below the first view (the order page's form),
 * in a Suspense boundary of its own, or work the first paint need not wait for (the shell's realtime connection).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  return useAfterFirstPaint() ? <Suspense fallback={null}>{children}</Suspense> : null;
}
