import { createBrowserRouter } from 'react-router';
import { ROUTES } from '@tripline/core';
import { routerPaths } from '../lib/route-paths.ts';
import { RootLayout } from './layout/RootLayout.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { RouteGate } from './RouteGate.tsx';

/** Every path of the core route table, plus a catch-all; the gate decides what each one shows. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        ...routerPaths(ROUTES).map((path) => ({ path, element: <RouteGate /> })),
        { path: '*', element: <RouteGate /> },
      ],
    },
  ]);
}
