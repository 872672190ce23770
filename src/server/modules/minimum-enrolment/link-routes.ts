// /seances/:id/minimum?person=&asked=&signature=: the page the « séance sous son minimum » e-mail links
// to (docs/decisions/0048). GET shows the session and two buttons (a mail scanner opening the link
// decides nothing); each POSTs to its own signed address: …/minimum/maintenir keeps the session,
// …/minimum/annuler cancels it for everyone. The signature, not a session cookie, says who answers
// (the admin or the guest chef the e-mail was sent to); answering again shows the same page.
import { Hono, type Context } from 'hono';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import type { AppEnv } from '../../http/app-env';
import { AppError } from '../../http/app-error';
import { htmlPage, type StandalonePage } from '../../http/error-page';
import type { MinimumEnrolment } from './service';

const HOME = { href: '/', text: 'Retour à l’accueil' };
/** « 1 place prise », « 0 place prise », « 2 places prises ». */
const placesTaken = (n: number) => `${n} ${n > 1 ? 'places prises' : 'place prise'}`;

function linkOf(c: Context) {
  return { person: c.req.query('person'), asked: c.req.query('asked'), signature: c.req.query('signature') };
}

function refused(c: Context, err: unknown) {
  if (!(err instanceof AppError)) throw err;
  return htmlPage(c, { title: 'Réponse impossible', message: err.message, actions: [HOME] }, err.status);
}

/** The same signed query on another path of the page. */
function signedAction(c: Context, suffix: string): string {
  const url = new URL(c.req.url);
  return `${url.pathname}/${suffix}${url.search}`;
}

export function minimumLinkRoutes(minimum: MinimumEnrolment) {
  const app = new Hono<AppEnv>();

  app.get('/:sessionId/minimum', async (c) => {
    try {
      const { session, open } = await minimum.readByLink(c.req.param('sessionId'), linkOf(c));
      const when = formatSessionDateTime(session.startsAt, CHEF_TIME_ZONE);
      if (!open) {
        const message =
          session.status === 'cancelled'
            ? `La séance du cours « ${session.courseTitle} » du ${when} est annulée ; ses participants ont été prévenus.`
            : session.minimumKeptAt
              ? `La séance du cours « ${session.courseTitle} » du ${when} est maintenue.`
              : `La question sur la séance du cours « ${session.courseTitle} » du ${when} est close.`;
        return htmlPage(c, { title: 'Séance sous son minimum', message, actions: [HOME] }, 200);
      }
      const page: StandalonePage = {
        title: 'Maintenir ou annuler la séance ?',
        message: `La séance du cours « ${session.courseTitle} » du ${when} n’a que ${placesTaken(session.seatsTaken)} pour un minimum de ${session.minSeats}. Annulée, ses participants sont remboursés en entier et ne reçoivent pas la trousse. Sans réponse d’ici le ${formatSessionDateTime(session.minimumAnswerDueAt ?? session.startsAt, CHEF_TIME_ZONE)}, elle sera annulée automatiquement.`,
        forms: [
          { action: signedAction(c, 'maintenir'), label: 'Maintenir la séance' },
          { action: signedAction(c, 'annuler'), label: 'Annuler la séance' },
        ],
        actions: [],
      };
      return htmlPage(c, page, 200);
    } catch (err) {
      return refused(c, err);
    }
  });

  app.post('/:sessionId/minimum/maintenir', async (c) => {
    try {
      await minimum.answerByLink(c.req.param('sessionId'), linkOf(c), 'keep');
      return htmlPage(c, { title: 'Séance maintenue', message: 'La séance est maintenue : elle aura lieu comme prévu, et la trousse partira 72 heures avant.', actions: [HOME] }, 200);
    } catch (err) {
      return refused(c, err);
    }
  });

  app.post('/:sessionId/minimum/annuler', async (c) => {
    try {
      await minimum.answerByLink(c.req.param('sessionId'), linkOf(c), 'cancel');
      return htmlPage(
        c,
        { title: 'Séance annulée', message: 'La séance est annulée. Ses participants sont prévenus par courriel et remboursés en entier, sur leur carte ou en crédit Toque à leur choix.', actions: [HOME] },
        200,
      );
    } catch (err) {
      return refused(c, err);
    }
  });

  return app;
}
