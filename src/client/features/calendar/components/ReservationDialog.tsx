// 'Détails du cours' (spec: calendar page, §4): the course, its date and time with the zone, the
// duration, the reservation's status ('Cours confirmé' / 'En attente de paiement') and the link's
// ('Lien disponible' / 'En attente'). A learner with a confirmed seat joins from here, adds the
// class to their own calendar, transfers it (« Transférer », docs/decisions/0051), or cancels; the admin sets the session's video link, attaches its
// recording once it is over, or cancels it for everyone (components/admin).
import { ArrowRightLeft, CalendarPlus, Clock, Download, ExternalLink, Film, UserRound, UsersRound, Video } from 'lucide-react';
import { useState } from 'react';
import { seatsLabel, seatsLine } from '@shared/booking';
import { googleEventUrl } from '@shared/calendar-links';
import { formatDuration, keepTimeTogether } from '@shared/format';
import type { ReservationView } from '@shared/schemas/reservations';
import { Badge } from '@client/components/ui/Badge';
import { Button, ButtonLink, buttonClass } from '@client/components/ui/Button';
import { notifyError } from '@client/lib/notify';
import { icsPath } from '../api';
import { sessionWhen } from '@client/lib/session-when';
import { RecordingEditor } from './admin/RecordingEditor';
import { SessionCancelAction } from './admin/SessionCancelAction';
import { CancelReservationDialog } from './CancelReservationDialog';
import { TransferReservationDialog } from './TransferReservationDialog';
import { Modal } from '@client/components/ui/Modal';
import { VideoLinkEditor } from './VideoLinkEditor';
import { DetailRow } from '@client/components/ui/DetailRow';

const clockFormat = new Intl.DateTimeFormat('fr-CA', { hour: '2-digit', minute: '2-digit' });
/** '05 h 23', kept on one line. */
const clock = (iso: string) => keepTimeTogether(clockFormat.format(new Date(iso)));

type ReservationDialogProps = {
  reservation: ReservationView | null;
  /** The reservations the clicked event stands for: several when the admin opens a whole session. */
  group: ReservationView[];
  isAdmin: boolean;
  onClose: () => void;
};

export function ReservationDialog({ reservation, group, isAdmin, onClose }: ReservationDialogProps) {
  return (
    <Modal open={reservation !== null} onClose={onClose} title="Détails du cours">
      {reservation ? <Details key={reservation.id} reservation={reservation} group={group} isAdmin={isAdmin} onClose={onClose} /> : null}
    </Modal>
  );
}

function Details({ reservation: r, group, isAdmin, onClose }: Omit<ReservationDialogProps, 'reservation'> & { reservation: ReservationView }) {
  const [cancelling, setCancelling] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const confirmed = r.status === 'confirmed';
  const attendee = !isAdmin && confirmed;
  return (
    <div className="space-y-5">
      <div>
        <h3 className="text-xl text-ink">{r.courseTitle}</h3>
        <div className="mt-3 flex flex-wrap gap-2">
          {confirmed ? <Badge tone="herb">Cours confirmé</Badge> : <Badge tone="saffron">En attente de paiement</Badge>}
          <Badge tone={r.hasVideoLink ? 'brand' : 'neutral'}>
            <Video aria-hidden="true" className="size-3.5" />
            <span className="sr-only">Lien de la visioconférence : </span>
            {r.hasVideoLink ? 'Lien disponible' : 'En attente'}
          </Badge>
          {attendee && r.movedAt ? <Badge tone="saffron">Horaire modifié</Badge> : null}
        </div>
      </div>
      {attendee && r.movedAt && r.cancellation.moved ? (
        <p role="status" className="rounded-2xl border border-saffron/60 bg-saffron/10 p-4 text-ink">
          La cheffe a déplacé ce cours au <strong>{sessionWhen(r.startsAt)}</strong>. Ce nouvel horaire ne vous convient pas ? Vous pouvez annuler avec un
          remboursement complet jusqu&apos;au début du cours, même à moins de {r.cancellation.noticeHours} heures.
        </p>
      ) : null}

      <dl className="space-y-2 text-ink">
        <DetailRow icon={<CalendarPlus className="size-4" />} term="Date et heure">
          {sessionWhen(r.startsAt)}
        </DetailRow>
        <DetailRow icon={<Clock className="size-4" />} term="Durée">
          {formatDuration(r.durationMinutes)}
        </DetailRow>
        {r.seats > 1 ? (
          <DetailRow icon={<UsersRound className="size-4" />} term="Places">
            {seatsLine(r.seats, r.guests)}
          </DetailRow>
        ) : null}
        {isAdmin && group.length > 1 ? (
          <DetailRow icon={<UsersRound className="size-4" />} term={`Participants (${group.length})`}>
            <ul className="mt-1 space-y-0.5">
              {group.map((p) => (
                <li key={p.id}>
                  {p.clientName || 'N/A'}
                  {p.seats > 1 ? ` (${seatsLabel(p.seats)})` : null}
                  {p.status === 'confirmed' ? null : <span className="text-sm text-muted"> — en attente de paiement</span>}
                </li>
              ))}
            </ul>
          </DetailRow>
        ) : isAdmin ? (
          <DetailRow icon={<UserRound className="size-4" />} term="Client">
            {r.clientName || 'N/A'}
          </DetailRow>
        ) : null}
      </dl>

      {isAdmin ? (
        <ButtonLink to={`/admin/seances/${encodeURIComponent(r.sessionId)}`} variant="secondary" size="sm">
          <UsersRound aria-hidden="true" className="size-4" />
          Liste des participants
        </ButtonLink>
      ) : null}

      {/* A cancelled session takes no link (the server refuses it); the admin manages the recording in its editor. */}
      {isAdmin && r.sessionStatus === 'scheduled' ? <VideoLinkEditor sessionId={r.sessionId} videoLink={r.videoLink} endsAt={r.endsAt} onSaved={onClose} /> : null}
      {isAdmin ? <RecordingEditor reservation={r} onSaved={onClose} /> : null}

      {!isAdmin && r.status === 'pending_payment' ? (
        <div className="space-y-3 rounded-2xl border border-saffron/60 bg-saffron/10 p-4">
          <p>
            Votre place est retenue
            {r.holdExpiresAt ? ` jusqu'à ${clock(r.holdExpiresAt)}` : ''}. Terminez le paiement pour confirmer votre
            réservation.
          </p>
          <ButtonLink
            size="sm"
            to={`/payment/${encodeURIComponent(r.courseId)}`}
            // The payment page's navigation state: the session chosen and the hold on its seat.
            state={{ sessionId: r.sessionId, reservationId: r.id, from: '/calendrier' }}
          >
            Terminer le paiement
          </ButtonLink>
        </div>
      ) : null}

      {attendee ? <JoinSection reservation={r} /> : null}

      {/* The uploaded recording plays on its own page, behind the attendee check; else the outside link. */}
      {attendee && r.hasRecordingVideo ? (
        <ButtonLink to={`/enregistrements/${encodeURIComponent(r.sessionId)}`} variant="secondary" size="sm">
          <Film aria-hidden="true" className="size-4" />
          Voir l&apos;enregistrement
        </ButtonLink>
      ) : attendee && r.recordingUrl ? (
        <a href={r.recordingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Film aria-hidden="true" className="size-4" />
          Voir l&apos;enregistrement
        </a>
      ) : null}

      {confirmed ? <AddToCalendar reservation={r} /> : null}

      {attendee && r.transfer.allowed ? (
        <div className="border-t border-line pt-4">
          <Button variant="secondary" size="sm" onClick={() => setTransferring(true)}>
            <ArrowRightLeft aria-hidden="true" className="size-4" />
            Transférer
          </Button>
          <p className="mt-1 px-3 text-sm text-muted">Changer de séance, offrir votre place ou la convertir en crédit Toque, jusqu&apos;au {sessionWhen(r.transfer.deadline)}.</p>
          <TransferReservationDialog reservation={r} open={transferring} onClose={() => setTransferring(false)} onTransferred={onClose} />
        </div>
      ) : null}

      {attendee && r.cancellation.allowed ? (
        <div className="border-t border-line pt-4">
          <Button variant="ghost" size="sm" className="text-red-800 hover:bg-red-50 hover:text-red-900" onClick={() => setCancelling(true)}>
            Annuler ma réservation
          </Button>
          <p className="mt-1 px-3 text-sm text-muted">
            {r.cancellation.refundable
              ? `Remboursement complet si vous annulez jusqu'au ${sessionWhen(r.cancellation.refundDeadline)}.`
              : 'Annulation possible, sans remboursement.'}
          </p>
          <CancelReservationDialog reservation={r} open={cancelling} onClose={() => setCancelling(false)} onCancelled={onClose} />
        </div>
      ) : null}

      {isAdmin ? <SessionCancelAction reservation={r} onCancelled={onClose} /> : null}
    </div>
  );
}

/** The learner's way in: the join button once the chef has set the link, else a word that it comes. */
function JoinSection({ reservation: r }: { reservation: ReservationView }) {
  if (!r.hasVideoLink) {
    return (
      <p className="rounded-2xl border border-line bg-white p-4 text-muted">
        La cheffe vous enverra le lien du cours en direct très bientôt. Il apparaîtra ici dès qu&apos;il sera prêt.
      </p>
    );
  }
  const className = buttonClass({ size: 'md', className: 'w-full' });
  if (!r.videoLink) {
    return (
      <Button className="w-full" onClick={() => notifyError('Lien non disponible')}>
        <Video aria-hidden="true" className="size-5" />
        Rejoindre le cours en direct
      </Button>
    );
  }
  return (
    <a href={r.videoLink} target="_blank" rel="noopener noreferrer" className={className}>
      <Video aria-hidden="true" className="size-5" />
      Rejoindre le cours en direct
      <span className="sr-only"> (nouvel onglet)</span>
    </a>
  );
}

/** The class in the person's own calendar: an .ics file, or Google Calendar's event page filled in. */
function AddToCalendar({ reservation: r }: { reservation: ReservationView }) {
  const details = [
    'Cours de cuisine en direct avec Toque.',
    r.videoLink ? `Rejoindre le cours : ${r.videoLink}` : 'Le lien du cours sera dans Mon Calendrier sur Toque.',
    `${window.location.origin}/calendrier`,
  ].join('\n');
  const google = googleEventUrl({
    title: r.courseTitle,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    details,
    location: r.videoLink,
  });
  return (
    <div>
      <p className="mb-2 text-sm font-semibold text-muted">Ajouter à mon agenda</p>
      <div className="flex flex-wrap gap-2">
        <a href={icsPath(r.id)} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <Download aria-hidden="true" className="size-4" />
          Télécharger (.ics)
        </a>
        <a href={google} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Ajouter à Google Agenda
        </a>
      </div>
    </div>
  );
}
