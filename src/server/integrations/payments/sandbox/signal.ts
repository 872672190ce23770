// Tells this process's delivery worker that events were queued, so it delivers them at once
// instead of at its next poll. Other instances find them by polling; nothing is lost if no one listens.
const listeners = new Set<() => void>();

export function onEventsQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyEventsQueued(): void {
  for (const listener of listeners) listener();
}
