// The booking's own page, /reservations/:id (issue 28, point 6; docs/decisions/0052): what a learner
// reads after paying a live class, and from Mon Calendrier and Mes Achats. Its owner's (or the
// admin's) only: anyone else gets a 404, as for a reservation that does not exist.
import type { DietaryFilter, SeatNeeds } from '../dietary';
import type { ReservationView } from './reservations';

export type BookingPageKit = {
  /** For how many people the ingredients are scaled. */
  servings: number;
  ingredients: string[];
  equipment: string[];
  /** The course's substitutions that match this booking's needs (what its e-mail will carry). */
  substitutions: { need: DietaryFilter; label: string; text: string }[];
  /** When the kit goes out by e-mail (72 h before the class). */
  sendsAt: string;
};

export type BookingPageView = {
  reservation: ReservationView;
  /** The viewer is the booking's owner (false: the admin reading it). */
  isOwner: boolean;
  /** Each seat's dietary needs, the learner's first (one entry per seat). */
  needs: SeatNeeds[];
  /** The owner may still change them: until the kit goes out, on a live booking. */
  needsEditable: boolean;
  /** The kit as its e-mail will list it; null when the course has none. */
  kit: BookingPageKit | null;
  /** From when the page shows the join button (JOIN_OPENS_MINUTES before the start). */
  joinOpensAt: string;
};

/** GET /api/booking/reservations/:id/page; PUT …/dietary-needs answers the same. */
export type BookingPageResponse = { page: BookingPageView };
