// The session's video link from a row of the Réservations tab: the calendar's own editor, opened on
// its form. One link per session: every reservation of that session shows it once saved.
import type { AdminBooking } from '@shared/schemas/admin-bookings';
import { Modal } from '@client/components/ui/Modal';
import { VideoLinkEditor } from '@client/features/calendar';
import { sessionWhen } from '@client/lib/session-when';

export function VideoLinkDialog({ booking, onClose }: { booking: AdminBooking | null; onClose: () => void }) {
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title="Lien de la visioconférence"
      description={booking ? `${booking.courseTitle} — ${sessionWhen(booking.startsAt)}` : undefined}
    >
      {booking ? (
        <VideoLinkEditor key={booking.sessionId} sessionId={booking.sessionId} videoLink={booking.videoLink} endsAt={booking.endsAt} onSaved={onClose} onCancel={onClose} startEditing />
      ) : null}
    </Modal>
  );
}
