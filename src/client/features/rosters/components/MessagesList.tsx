// The messages already sent to the session's attendees: subject, text, who sent it, when, to how many.
import { CHEF_TIME_ZONE, formatLongDateTime } from '@shared/format';
import type { SessionMessageView } from '@shared/schemas/rosters';
import { useDisplayTimeZone } from '@client/lib/use-time-zone';

export function MessagesList({ messages }: { messages: SessionMessageView[] }) {
  // The chef's zone in the server's render and its hydration, the viewer's right after (RosterSheet).
  const zone = useDisplayTimeZone() === undefined ? undefined : CHEF_TIME_ZONE;
  if (messages.length === 0) return <p className="text-muted">Aucun message envoyé pour cette séance.</p>;
  return (
    <ul className="space-y-3" aria-label="Messages envoyés">
      {messages.map((m) => (
        <li key={m.id} className="rounded-2xl border border-line bg-white p-4 shadow-sm">
          <p className="font-semibold text-ink">{m.subject}</p>
          <p className="mt-1 text-sm text-muted">
            Envoyé par {m.sentByEmail} le {formatLongDateTime(m.createdAt, zone)} à {m.recipientCount} participant{m.recipientCount > 1 ? 's' : ''}
          </p>
          <p className="mt-2 whitespace-pre-line text-ink">{m.body}</p>
        </li>
      ))}
    </ul>
  );
}
