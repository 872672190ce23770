// Reads the API with TanStack Query. On the first page load the server may have embedded
// the answer in the HTML (a JSON block, see takeInitialData, keyed by the API path without /api and its
// query string); that copy is used once instead of a second request.
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { api, takeInitialData, withQuery, type ApiError } from './api';

type Query = Record<string, string | number | boolean | undefined | null>;

export function apiKey(path: string, query?: Query) {
  return withQuery(path, query);
}

/** The query cache's key of an API answer (its path without /api, with its query string). */
export const apiKeyOf = (key: string) => ['api', key] as const;

export function useApiQuery<T>(
  path: string,
  query?: Query,
  options: Omit<UseQueryOptions<T, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  const key = apiKey(path, query);
  return useQuery<T, ApiError>({
    queryKey: apiKeyOf(key),
    queryFn: ({ signal }) => api<T>(path, { query, signal }),
    initialData: () => takeInitialData<T>(key),
    ...options,
  });
}
