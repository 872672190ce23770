// « Une place s'est libérée »: the e-mail and the in-app notice of a waitlist offer, sent from the
// transaction that made the hold (they exist only if it commits; keyed per offer, so once).
import { HOLD_MINUTES, seatsLabel } from '@shared/booking';
import { CHEF_TIME_ZONE, formatSessionDateTime } from '@shared/format';
import type { Tx } from '../../db/client';
import { renderEmail } from '../../integrations/mail/layout';
import { queueEmail } from '../../integrations/mail/outgoing';
import { notify } from '../notifications/notify';

export const OFFER_TITLE = "Une place s'est libérée";

/** The payment page of the course: it finds the learner's hold there (booking's « current » hold). */
export const offerPath = (courseId: string) => `/payment/${courseId}`;

export type Offer = {
  entryId: string;
  userId: string;
  email: string;
  name: string;
  courseId: string;
  courseTitle: string;
  startsAt: Date;
  seats: number;
  expiresAt: Date;
};

export async function tellOffer(tx: Tx, offer: Offer, ctx: { publicUrl: string; now: Date }): Promise<void> {
  const when = formatSessionDateTime(offer.startsAt, CHEF_TIME_ZONE);
  const until = formatSessionDateTime(offer.expiresAt, CHEF_TIME_ZONE);
  const what = `${seatsLabel(offer.seats)} au cours « ${offer.courseTitle} » du ${when}`;
  const path = offerPath(offer.courseId);
  await notify(tx, {
    userId: offer.userId,
    kind: 'waitlist.offer',
    title: OFFER_TITLE,
    body: `${what} vous attend : payez d'ici ${HOLD_MINUTES} minutes pour la garder.`,
    link: path,
    dedupeKey: `waitlist.offer:${offer.entryId}`,
    at: ctx.now,
  });
  await queueEmail(tx, {
    dedupeKey: `waitlist.offer:${offer.entryId}`,
    kind: 'waitlist.offer',
    to: offer.email,
    userId: offer.userId,
    mail: renderEmail(offer.email, {
      subject: `${OFFER_TITLE} : ${offer.courseTitle}`,
      greeting: `Bonjour ${offer.name},`,
      paragraphs: [
        `Bonne nouvelle : ${what} est retenue pour vous pendant ${HOLD_MINUTES} minutes, jusqu'au ${until}.`,
        "Passé ce délai, elle sera offerte à la personne suivante de la liste d'attente. Si vous n'en voulez plus, « Céder ma place » la libère tout de suite.",
      ],
      action: { text: 'Payer ma place', href: `${ctx.publicUrl}${path}` },
      reason: "vous êtes inscrit à la liste d'attente d'un cours en direct sur Toque",
    }),
  });
}
