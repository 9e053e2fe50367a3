import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Each failure is already shown to the user by the API client; retrying would repeat it.
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
