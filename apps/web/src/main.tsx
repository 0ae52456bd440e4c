import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers, queryClient } from './app/providers';
import { AppRoutes, preloadOpeningScreen } from './app/router';

preloadOpeningScreen(window.location, queryClient);

const root = createRoot(document.getElementById('root')!);
// The first render in a transition: React yields to the browser every few milliseconds while it draws the shell and
// the page, instead of holding the main thread until the whole first screen is drawn.
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  ),
);
