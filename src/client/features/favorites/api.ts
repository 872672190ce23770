// The signed-in user's favourites as the client reads and changes them (contract:
// @shared/schemas/account). Keys carry the user's id, so one person's hearts never show for another.
import { useMutation, useMutationState, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import type { FavoriteIdsResponse, FavoriteRecipesResponse, FavoriteToggleResponse } from '@shared/schemas/account';
import { takePendingAction, useAuth } from '@client/app/auth';
import { api, type ApiError } from '@client/lib/api';
import { notifyError } from '@client/lib/notify';

export const favoritesKey = (userId: string | undefined) => ['favorites', userId ?? 'visitor'] as const;
const idsKey = (userId: string | undefined) => [...favoritesKey(userId), 'ids'] as const;
const recipesKey = (userId: string | undefined) => [...favoritesKey(userId), 'recipes'] as const;

const TOGGLE_KEY = ['favorite-toggle'] as const;
type ToggleVars = { recipeId: string; favorite: boolean };

const favoritePath = (recipeId: string) => `/favorites/${encodeURIComponent(recipeId)}`;

/**
 * GET /api/favorites — only asked for a signed-in user. `fresh` reads it again when the caller
 * mounts (the favourites page, whose cards must agree with the hearts).
 */
export function useFavoriteIds({ fresh = false }: { fresh?: boolean } = {}) {
  const { status, user } = useAuth();
  return useQuery<FavoriteIdsResponse, ApiError>({
    queryKey: idsKey(user?.id),
    queryFn: ({ signal }) => api<FavoriteIdsResponse>('/favorites', { signal }),
    enabled: status === 'signed-in',
    refetchOnMount: fresh ? 'always' : true,
  });
}

/** GET /api/favorites/recipes — the cards of 'Mes Recettes Favorites', newest favourite first. */
export function useFavoriteRecipes() {
  const { status, user } = useAuth();
  return useQuery<FavoriteRecipesResponse, ApiError>({
    queryKey: recipesKey(user?.id),
    queryFn: ({ signal }) => api<FavoriteRecipesResponse>('/favorites/recipes', { signal }),
    enabled: status === 'signed-in',
    refetchOnMount: 'always',
  });
}

function setFavorite(client: QueryClient, userId: string | undefined, recipeId: string, favorite: boolean) {
  client.setQueryData<FavoriteIdsResponse>(idsKey(userId), (old) => {
    if (!old) return old;
    const rest = old.recipeIds.filter((id) => id !== recipeId);
    return { recipeIds: favorite ? [recipeId, ...rest] : rest };
  });
}

function toggleInFlight(client: QueryClient, recipeId: string): boolean {
  return client
    .getMutationCache()
    .findAll({ mutationKey: TOGGLE_KEY, status: 'pending' })
    .some((m) => (m.state.variables as ToggleVars | undefined)?.recipeId === recipeId);
}

export type Favorites = {
  /** True once the signed-in user's favourites are known. */
  ready: boolean;
  isFavorite: (recipeId: string) => boolean;
  /** True while a change of that recipe's heart is on its way to the server. */
  isPending: (recipeId: string) => boolean;
  toggle: (recipeId: string) => void;
};

/**
 * The hearts of any list. A press flips the heart at once (optimistic), sends an idempotent PUT or
 * DELETE, and puts the heart back with the catalogue's toast if the server refuses. Presses on a
 * recipe whose change is still on its way are ignored, so a double-click sends one request and the
 * heart ends where the server is.
 */
export function useFavorites({ fresh = false }: { fresh?: boolean } = {}): Favorites {
  const { user } = useAuth();
  const userId = user?.id;
  const client = useQueryClient();
  const ids = useFavoriteIds({ fresh });

  const mutation = useMutation<FavoriteToggleResponse, ApiError, ToggleVars>({
    mutationKey: TOGGLE_KEY,
    mutationFn: ({ recipeId, favorite }) =>
      api<FavoriteToggleResponse>(favoritePath(recipeId), { method: favorite ? 'PUT' : 'DELETE' }),
    onMutate: async ({ recipeId, favorite }) => {
      // A list read already under way must not land over the heart just flipped.
      await client.cancelQueries({ queryKey: idsKey(userId) });
      setFavorite(client, userId, recipeId, favorite);
    },
    onSuccess: (res) => {
      setFavorite(client, userId, res.recipeId, res.favorite);
      // The favourites page reads its cards again (a removed card is already hidden by the ids).
      void client.invalidateQueries({ queryKey: recipesKey(userId) });
    },
    onError: (_error, { recipeId, favorite }) => {
      setFavorite(client, userId, recipeId, !favorite);
      // Spec §8 (said in French, DESIGN §4).
      notifyError('Erreur', favorite ? "Impossible d'ajouter ce favori." : 'Impossible de retirer ce favori.');
    },
    // A list read that started while the change was on its way (window focus, a new sign-in) may
    // have landed with the old answer: read the list again once the server has the change.
    onSettled: () => client.invalidateQueries({ queryKey: idsKey(userId) }),
  });
  const { mutate } = mutation;

  const pendingIds = useMutationState({
    filters: { mutationKey: TOGGLE_KEY, status: 'pending' },
    select: (m) => (m.state.variables as ToggleVars | undefined)?.recipeId,
  });

  const set = useMemo(() => new Set(ids.data?.recipeIds ?? []), [ids.data]);
  const ready = Boolean(user && ids.data);

  const toggle = useCallback(
    (recipeId: string) => {
      if (!ready || toggleInFlight(client, recipeId)) return;
      // From the cache as it is now, not as this render saw it: a quick second press must undo the first.
      const current = client.getQueryData<FavoriteIdsResponse>(idsKey(userId));
      mutate({ recipeId, favorite: !current?.recipeIds.includes(recipeId) });
    },
    [ready, client, mutate, userId],
  );

  // A heart a visitor pressed before signing in: favourited now (never un-favourited if it already was).
  useEffect(() => {
    if (!ready) return;
    const pending = takePendingAction('favourite');
    if (!pending || toggleInFlight(client, pending.recipeId)) return;
    if (!client.getQueryData<FavoriteIdsResponse>(idsKey(userId))?.recipeIds.includes(pending.recipeId)) mutate({ recipeId: pending.recipeId, favorite: true });
  }, [ready, client, mutate, userId]);

  return useMemo(
    () => ({
      ready,
      isFavorite: (recipeId: string) => set.has(recipeId),
      isPending: (recipeId: string) => pendingIds.includes(recipeId),
      toggle,
    }),
    [ready, set, pendingIds, toggle],
  );
}
