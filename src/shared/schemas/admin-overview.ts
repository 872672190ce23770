// « Aperçu », the admin's home: GET /api/admin/overview, everything the page shows in one answer
// (the admin only: 401 visitor, 403 anyone else). Every figure names the list behind it on the
// client (sessions → /admin/seances/:id, revenue → /admin/ventes, members → /admin/membres,
// e-mails → /admin/courriels, orders and refunds → /admin/commandes).

/**
 * What a coming session still lacks: its video link (within 24 h), its kit, or attendees — fewer
 * confirmed seats than the minimum the chef set for it (not yet started; 0 = no minimum).
 */
export const SESSION_GAPS = ['video_link', 'prep_kit', 'under_minimum'] as const;
export type SessionGap = (typeof SESSION_GAPS)[number];

export const SESSION_GAP_LABELS: Record<SessionGap, string> = {
  video_link: 'Lien vidéo manquant',
  prep_kit: 'Trousse non écrite',
  under_minimum: 'Sous le minimum',
};

/** A gap as the page says it: « Sous le minimum (3 / 5) » names the confirmed seats and the minimum. */
export function sessionGapLabel(gap: SessionGap, session: Pick<OverviewSession, 'confirmedSeats' | 'minSeats'>): string {
  if (gap === 'under_minimum') return `${SESSION_GAP_LABELS[gap]} (${session.confirmedSeats} / ${session.minSeats})`;
  return SESSION_GAP_LABELS[gap];
}

export type OverviewSession = {
  id: string;
  courseId: string;
  courseTitle: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  /** Confirmed seats and holds still running, as the booking rules count them. */
  seatsTaken: number;
  /** Confirmed seats only: what the minimum is measured against. */
  confirmedSeats: number;
  /** The minimum the chef set (0: none). */
  minSeats: number;
  /** 'YYYY-MM-DD' in the chef's zone: the page groups the sessions by day. */
  day: string;
  missing: SessionGap[];
};

/**
 * Minimum enrolment (docs/decisions/0048): a coming session found under its minimum 96 h before its
 * start, whose chef has not answered yet: « Maintenir la séance » or « Annuler la séance » before
 * `answerDueAt`, or the site cancels it then.
 */
export type MinimumQuestion = {
  sessionId: string;
  courseId: string;
  courseTitle: string;
  startsAt: string;
  /** Seats taken now (the booking's own rule) against the minimum the chef set. */
  seatsTaken: number;
  minSeats: number;
  capacity: number;
  askedAt: string;
  answerDueAt: string;
};

/** What the chef's answer did: `changed` false when it was given already (a double click, a second tab, the e-mail's link). */
export type MinimumAnswerResponse = {
  answer: 'keep' | 'cancel';
  changed: boolean;
  status: 'scheduled' | 'cancelled';
};

export type OverviewResponse = {
  /** The server's clock when it answered (ISO). */
  now: string;
  /** Sessions under their minimum waiting for the chef's answer, the most urgent first. */
  minimumQuestions: MinimumQuestion[];
  /** The chef's today, 'YYYY-MM-DD' (America/Toronto). */
  today: string;
  /** Scheduled sessions from the start of today to the end of the 7th day after it, soonest first. */
  sessions: OverviewSession[];
  revenue: {
    /** 'YYYY-MM' (the chef's zone). */
    month: string;
    /** Sales before tax less refunds before tax (Ventes' « net »), this month and the one before. */
    netCents: number;
    previousMonth: string;
    previousNetCents: number;
  };
  members: {
    /** Memberships that give access now (as Ventes counts them). */
    active: number;
    /** Memberships started this month (not counting one never paid). */
    newThisMonth: number;
    /** Memberships that ended this month. */
    cancelledThisMonth: number;
    /** Memberships whose renewal failed and is not settled (past due or unpaid). */
    failedRenewals: number;
  };
  toAct: {
    /** E-mails the site could not send (the last try failed; a person's preference is not a failure). */
    failedEmails: number;
    /** Orders whose payment the provider has not settled yet, older than an hour. */
    paymentsToReconcile: number;
    /** Refunds asked of the provider and not settled. */
    refundsPending: number;
    /** Refunds the provider refused. */
    refundsFailed: number;
  };
};
