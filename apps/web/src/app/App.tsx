import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { connectApi } from './connect-api.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import { theme } from './theme.ts';

const queryClient = createQueryClient();
const router = createAppRouter();
connectApi(router, queryClient);

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
