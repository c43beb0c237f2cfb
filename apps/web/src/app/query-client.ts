import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../shared/api/api-error';

// Only a lost connection or a server fault is worth one more try; a 4xx will answer the same.
const worthRetrying = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.status >= 500);

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failures, error) => failures < 2 && worthRetrying(error),
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});
