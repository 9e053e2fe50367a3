import { useLayoutEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { asksWhoIsSignedIn, currentUserQueryOptions } from '../lib/current-user.ts';
import { live } from '../lib/live.ts';
import { connectApi } from './connect-api.ts';
import { removeFirstPaint } from './first-paint.ts';
import { preconnectLive } from './preconnect-live.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { theme } from './theme.ts';

const queryClient = createQueryClient();
const router = createAppRouter();
connectApi(router, queryClient);
preconnectLive(queryClient, router.state.location.pathname, live);
// Every page but the sign-in steps starts by asking who is signed in: asked before the first
// render, not after it.
if (asksWhoIsSignedIn(router.state.location.pathname)) void queryClient.prefetchQuery(currentUserQueryOptions());

export function App() {
  // The portal homes' own header and status go as React's first frame is drawn, in the same paint.
  useLayoutEffect(() => removeFirstPaint(), []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
