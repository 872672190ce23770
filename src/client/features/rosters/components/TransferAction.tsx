// « Transférer » on a roster's confirmed booking, for the admin (docs/decisions/0051): the learner's
// own dialog (another session, someone else, « Crédit Toque »), each choice saying what the money does.
import { ArrowRightLeft } from 'lucide-react';
import { useState } from 'react';
import { TransferReservationDialog } from '@client/features/calendar';
import { Button } from '@client/components/ui/Button';

export function TransferAction({ reservation }: { reservation: { id: string; courseTitle: string; startsAt: string; seats: number; name: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" className="print:hidden" onClick={() => setOpen(true)}>
        <ArrowRightLeft aria-hidden="true" className="size-4" />
        Transférer<span className="sr-only"> la réservation de {reservation.name || 'N/A'}</span>
      </Button>
      <TransferReservationDialog reservation={reservation} open={open} onClose={() => setOpen(false)} onTransferred={() => setOpen(false)} asAdmin />
    </>
  );
}
