// What a visitor started before being asked to sign in (a heart, « Réserver », « Ajouter au
// panier »), kept in this tab (sessionStorage) so that it survives the identity provider's round
// trip. The page that offers the action carries it out once signed in (takePendingAction), on the
// page where it was started and within a few minutes; closing the dialog without signing in drops it.

export type PendingAction =
  | { kind: 'favourite'; recipeId: string }
  | { kind: 'book'; courseId: string }
  | { kind: 'add-to-cart'; courseId: string };

type Stored = PendingAction & { path: string; at: number };

const KEY = 'toque.pending-action';
/** Long enough to type a password or come back from the identity provider; not a surprise next week. */
const MAX_AGE_MS = 15 * 60_000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberPendingAction(action: PendingAction): void {
  const stored: Stored = { ...action, path: window.location.pathname, at: Date.now() };
  storage()?.setItem(KEY, JSON.stringify(stored));
}

export function forgetPendingAction(): void {
  storage()?.removeItem(KEY);
}

/**
 * The action of this kind started on this page, removed as it is read (so two components that
 * both look never do it twice); null if none, another kind, another page or too old.
 */
export function takePendingAction<K extends PendingAction['kind']>(kind: K): Extract<PendingAction, { kind: K }> | null {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!store || !raw) return null;
  let stored: Stored;
  try {
    stored = JSON.parse(raw) as Stored;
  } catch {
    store.removeItem(KEY);
    return null;
  }
  if (stored.kind !== kind) return null;
  store.removeItem(KEY);
  if (stored.path !== window.location.pathname || Date.now() - stored.at > MAX_AGE_MS) return null;
  const { path: _path, at: _at, ...action } = stored;
  return action as Extract<PendingAction, { kind: K }>;
}
