// « À décider » on « Aperçu »: each session found under its minimum 96 h before its start (decision
// 0048), with its seats against the minimum, the answer's deadline, and the chef's two answers:
// « Maintenir la séance » (at once) and « Annuler la séance » (after a confirmation: every attendee
// is refunded in full and told by e-mail). Without an answer, the site cancels it at the deadline.
import { useState } from 'react';
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import type { MinimumQuestion } from '@shared/schemas/admin-overview';
import { Button } from '@client/components/ui/Button';
import { Modal } from '@client/components/ui/Modal';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useMinimumAnswer } from './api';

const seats = (n: number) => `${n} ${n > 1 ? 'places prises' : 'place prise'}`;

function Question({ question: q }: { question: MinimumQuestion }) {
  const answer = useMinimumAnswer();
  const [confirming, setConfirming] = useState(false);
  const headingId = `minimum-${q.sessionId}`;

  const send = (kind: 'keep' | 'cancel') =>
    answer.mutate(
      { sessionId: q.sessionId, answer: kind },
      {
        onSuccess: () => {
          setConfirming(false);
          if (kind === 'keep') notifySuccess('Séance maintenue', `« ${q.courseTitle} » aura lieu comme prévu.`);
          else notifySuccess('Séance annulée', 'Les participants sont prévenus par courriel et remboursés en entier.');
        },
        onError: (error) => notifyError(kind === 'keep' ? 'Impossible de maintenir la séance' : "Erreur d'annulation", error.message),
      },
    );

  return (
    <li aria-labelledby={headingId} className="rounded-2xl border-2 border-saffron bg-white p-4 shadow-sm">
      <div className="flex items-start gap-3">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1 space-y-1">
          <h3 id={headingId} className="font-semibold text-ink">
            <Link to={`/admin/seances/${q.sessionId}`} className="hover:underline">
              {q.courseTitle}
            </Link>
          </h3>
          <p className="text-ink">{formatSessionDateTime(q.startsAt, CHEF_TIME_ZONE)}</p>
          <p className="text-ink">
            <span className="font-semibold">{seats(q.seatsTaken)}</span> pour un minimum de {q.minSeats} ({q.capacity} places en tout).
          </p>
          <p className="text-sm text-muted">
            Sans réponse d’ici le {formatSessionDateTime(q.answerDueAt, CHEF_TIME_ZONE)}, la séance sera annulée automatiquement et ses participants
            remboursés.
          </p>
        </div>
      </div>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" loading={answer.isPending && answer.variables?.answer === 'keep'} disabled={answer.isPending} onClick={() => send('keep')}>
          Maintenir la séance
        </Button>
        <Button className="bg-red-800 hover:bg-red-900 active:bg-red-900" disabled={answer.isPending} onClick={() => setConfirming(true)}>
          Annuler la séance
        </Button>
      </div>
      <Modal open={confirming} onClose={() => setConfirming(false)} busy={answer.isPending} title={'Annuler la séance\u00a0?'}>
        <div className="space-y-4">
          <p className="text-ink">
            <span className="font-semibold">{q.courseTitle}</span>, {formatSessionDateTime(q.startsAt, CHEF_TIME_ZONE)}.
          </p>
          <p className="rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900">
            Chaque participant reçoit un courriel qui annonce l’annulation (« Le nombre minimum d’inscriptions n’a pas été atteint. ») et choisit entre un
            remboursement sur sa carte et un crédit Toque. La trousse ne sera pas envoyée. Cette annulation est définitive.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" disabled={answer.isPending} onClick={() => setConfirming(false)}>
              Garder la séance
            </Button>
            <Button className="bg-red-800 hover:bg-red-900 active:bg-red-900" loading={answer.isPending} onClick={() => send('cancel')}>
              Annuler la séance
            </Button>
          </div>
        </div>
      </Modal>
    </li>
  );
}

export function MinimumQuestions({ questions }: { questions: MinimumQuestion[] }) {
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="overview-minimum" className="space-y-3">
      <h2 id="overview-minimum" className="text-xl font-semibold text-ink">
        À décider : séances sous leur minimum
      </h2>
      <ul className="space-y-3">
        {questions.map((q) => (
          <Question key={q.sessionId} question={q} />
        ))}
      </ul>
    </section>
  );
}
