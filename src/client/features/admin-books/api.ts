// Comptabilité's reads and its one setting (contract: @shared/schemas/admin-books).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BooksOverview, BooksSummary, ExportFormat, FilingFrequency } from '@shared/schemas/admin-books';
import { api, withQuery, type ApiError } from '@client/lib/api';

/** GET /api/admin/books — the filing frequency and its periods, current first. */
export function useBooksOverview() {
  return useQuery<BooksOverview, ApiError>({
    queryKey: ['admin-books'],
    queryFn: ({ signal }) => api<BooksOverview>('/admin/books', { signal }),
    refetchOnMount: 'always',
  });
}

/** GET /api/admin/books/summary — read again on every visit: a refund may have landed since. */
export function useBooksSummary(period: string | undefined) {
  return useQuery<BooksSummary, ApiError>({
    queryKey: ['admin-books', 'summary', period ?? ''],
    queryFn: ({ signal }) => api<BooksSummary>('/admin/books/summary', { query: { period }, signal }),
    enabled: Boolean(period),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** PUT /api/admin/books/filing-frequency: the answer is the new overview. */
export function useSetFilingFrequency() {
  const client = useQueryClient();
  return useMutation<BooksOverview, ApiError, FilingFrequency>({
    mutationFn: (filingFrequency) => api<BooksOverview>('/admin/books/filing-frequency', { method: 'PUT', body: JSON.stringify({ filingFrequency }) }),
    onSuccess: (overview) => client.setQueryData(['admin-books'], overview),
  });
}

/** The file's address: a plain link downloads it with the session cookie (Content-Disposition: attachment). */
export const exportHref = (period: string, format: ExportFormat) => withQuery('/api/admin/books/export', { period, format });
