import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { tokens } from './auth-store';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx are never retried; others at most twice.
        retry: (count, error) => !(error instanceof ApiError && error.status > 0 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Logout, a failed refresh or a logout in another tab clears the session: drop
// every cached answer of the previous user with it.
tokens.subscribe(() => {
  if (tokens.getAccess() === null) queryClient.clear();
});
