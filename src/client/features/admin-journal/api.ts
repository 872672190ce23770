// « Journal »'s read (contract: @shared/schemas/admin-journal).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { JOURNAL_PAGE_SIZE, type AuditActionKind, type JournalResponse } from '@shared/schemas/admin-journal';
import { api, type ApiError } from '@client/lib/api';

export type JournalFilter = { kind?: AuditActionKind; actor?: string; page: number };

/** GET /api/admin/journal — one page, newest first, paged and filtered by the server. */
export function useJournal(filter: JournalFilter) {
  return useQuery<JournalResponse, ApiError>({
    queryKey: ['admin-journal', filter.kind ?? '', filter.actor ?? '', filter.page],
    queryFn: ({ signal }) =>
      api<JournalResponse>('/admin/journal', {
        query: { kind: filter.kind, actor: filter.actor, limit: JOURNAL_PAGE_SIZE, offset: (filter.page - 1) * JOURNAL_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}
