// /reservations/:id/annulation?sequence=&signature=: the page the « séance déplacée » e-mail links to.
// GET shows the seat and a button (a mail scanner opening the link cancels nothing); its POST, to the
// same signed address, cancels the seat with a full refund. The signature, not a session cookie,
// authorises it (as the documents' and the unsubscribe links); posting again answers the same page.
import { Hono, type Context } from 'hono';
import { CHEF_TIME_ZONE, formatPrice, formatSessionDateTime } from '@shared/format';
import type { ReservationView } from '@shared/schemas/reservations';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { htmlPage, type StandalonePage } from '../../http/error-page';
import type { ReservationService } from './reservations';

const CALENDAR = { href: '/calendrier', text: 'Voir mon calendrier' };
const HOME = { href: '/', text: 'Retour à l’accueil' };

function linkOf(c: Context) {
  return { sequence: c.req.query('sequence'), signature: c.req.query('signature') };
}

function refused(c: Context, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  const page: StandalonePage = { title: 'Annulation impossible', message: err.message, actions: [CALENDAR, HOME] };
  return htmlPage(c, page, err.status);
}

function cancelledPage(r: ReservationView, refundCents: number | null): StandalonePage {
  return {
    title: 'Votre place est annulée',
    message:
      refundCents !== null
        ? `Votre place au cours « ${r.courseTitle} » est annulée. Le remboursement complet de ${formatPrice(refundCents)} est en route vers votre moyen de paiement ; la note de crédit vous est envoyée par courriel.`
        : `Votre place au cours « ${r.courseTitle} » est annulée.`,
    actions: [CALENDAR, HOME],
  };
}

export function movedCancelRoutes(reservations: ReservationService) {
  const app = new Hono<AppEnv>();

  app.get('/:reservationId/annulation', async (c) => {
    try {
      const r = await reservations.readMoved(c.req.param('reservationId'), linkOf(c));
      if (r.status === 'cancelled') return htmlPage(c, { title: 'Cette place est déjà annulée', message: `Votre place au cours « ${r.courseTitle} » est annulée.`, actions: [CALENDAR, HOME] }, 200);
      if (!r.cancellation.moved) throw new AppError('RESERVATION_NOT_CANCELLABLE');
      const page: StandalonePage = {
        title: 'Annuler ma place',
        message: `Le cours « ${r.courseTitle} » a été déplacé au ${formatSessionDateTime(r.startsAt, CHEF_TIME_ZONE)}. Si ce nouvel horaire ne vous convient pas, annulez votre place : vous serez remboursé en entier, même après le délai d’annulation habituel (${r.cancellation.noticeHours} heures avant le cours).`,
        form: { action: new URL(c.req.url).pathname + new URL(c.req.url).search, label: 'Annuler ma place et être remboursé' },
        actions: [{ href: '/calendrier', text: 'Garder ma place' }],
      };
      return htmlPage(c, page, 200);
    } catch (err) {
      return refused(c, err);
    }
  });

  app.post('/:reservationId/annulation', async (c) => {
    try {
      const done = await reservations.cancelMoved(c.req.param('reservationId'), linkOf(c));
      return htmlPage(c, cancelledPage(done.reservation, done.refund ? done.refund.totalCents : null), 200);
    } catch (err) {
      return refused(c, err);
    }
  });

  return app;
}
