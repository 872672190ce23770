// Where each answer of the initial-data block goes in the query cache, for the server's render
// (entry-server.tsx): the page's hooks must find there what the browser's hydration will take from
// the block (takeInitialData) under the same key. Most answers sit under their API path
// (useApiQuery); /api/me and the signed-in pages' reads (decision 0045) have keys of their own.
import type { QueryKey } from '@tanstack/react-query';
import { ME_INITIAL_DATA_KEY, SIGNED_IN_READS } from '@shared/initial-data';
import type { MeResponse } from '@shared/schemas/auth';
import { apiKeyOf } from '@client/lib/use-api-query';
import { OVERVIEW_QUERY_KEY } from '../features/admin-overview/api';
import { rosterQueryKey } from '../features/rosters/api';
import { secondFactorStatusKey } from '../features/second-factor/api';
import { ME_QUERY_KEY } from './auth/auth-context';

const ROSTER = /^\/(admin|chef)\/sessions\/([^/]+)\/roster$/;

/** The cache key of the block's `key`, for the person the block's /me answer names. */
export function initialQueryKey(key: string, data: Record<string, unknown>): QueryKey {
  if (key === ME_INITIAL_DATA_KEY) return ME_QUERY_KEY;
  const userId = (data[ME_INITIAL_DATA_KEY] as MeResponse | undefined)?.user?.id;
  if (key === SIGNED_IN_READS.secondFactor) return secondFactorStatusKey(userId);
  if (key === SIGNED_IN_READS.overview) return OVERVIEW_QUERY_KEY;
  const roster = ROSTER.exec(key);
  if (roster) return rosterQueryKey(userId, roster[1] as 'admin' | 'chef', decodeURIComponent(roster[2]!));
  return apiKeyOf(key);
}
