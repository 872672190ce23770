// The waitlist's French words, shared by the booking page and « Mon Calendrier ».
import type { WaitlistEntryView } from '@shared/schemas/waitlist';

/** « 1re », « 2e »… */
export const rank = (n: number) => (n === 1 ? '1re' : `${n}e`);
export const seatsWanted = (n: number) => (n === 1 ? '1 place demandée' : `${n} places demandées`);

export function placeLabel(e: WaitlistEntryView): string {
  return e.position === null ? "Une place s’est libérée" : `Vous êtes ${rank(e.position)} dans la liste d’attente (${seatsWanted(e.seats)})`;
}
