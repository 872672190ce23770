// The admin's whole-session actions in 'Détails du cours': which one the session allows at a given
// moment (cancel before the start, the recording once over, nothing while it runs or once
// cancelled), the admin's own read winning over the reservation's copy; and the toast's words.
import { describe, expect, it } from 'vitest';
import type { AdminSessionView, ReservationView } from '@shared/schemas/reservations';
import { adminSessionState, cancelledSummary, seatsSummary } from '@client/features/calendar/admin-session-state';

const STARTS = '2026-11-28T23:30:00.000Z';
const ENDS = '2026-11-29T01:00:00.000Z';

const reservation = (over: Partial<ReservationView> = {}): ReservationView => ({
  id: 'r1',
  sessionId: 's1',
  courseId: 'c1',
  courseTitle: 'Tourtière',
  clientName: 'Léa Tremblay',
  startsAt: STARTS,
  endsAt: ENDS,
  durationMinutes: 90,
  status: 'confirmed',
  cancelReason: null,
  holdExpiresAt: null,
  seats: 1,
  guests: [],
  sessionStatus: 'scheduled',
  hasVideoLink: false,
  videoLink: null,
  recordingUrl: null,
  hasRecordingVideo: false,
  cancellation: { allowed: true, refundable: true, refundDeadline: '2026-11-26T23:30:00.000Z', noticeHours: 48, moved: false, seatShareCents: null },
  sequence: 0,
  movedAt: null,
  orderId: 'o1',
  refundChoice: null,
  transfer: { allowed: false, deadline: '2026-12-08T23:00:00.000Z' },
  ...over,
});

const session = (over: Partial<AdminSessionView> = {}): AdminSessionView => ({
  id: 's1',
  courseId: 'c1',
  courseTitle: 'Tourtière',
  startsAt: STARTS,
  endsAt: ENDS,
  capacity: 10,
  seatsTaken: 1,
  attendees: 1,
  videoLinkUntold: false,
  status: 'scheduled',
  videoLink: null,
  recordingUrl: null,
  cancelReason: null,
  ...over,
});

const at = (iso: string) => new Date(iso);

describe('adminSessionState', () => {
  it('upcoming until the start (cancel), running until the end, over from the end on (recording)', () => {
    expect(adminSessionState(reservation(), undefined, at('2026-11-28T23:29:59.999Z'))).toEqual({ kind: 'upcoming' });
    expect(adminSessionState(reservation(), undefined, at(STARTS))).toEqual({ kind: 'running' });
    expect(adminSessionState(reservation(), undefined, at('2026-11-29T00:59:59.999Z'))).toEqual({ kind: 'running' });
    expect(adminSessionState(reservation({ recordingUrl: 'https://v.exemple/a' }), undefined, at(ENDS))).toEqual({ kind: 'over', recordingUrl: 'https://v.exemple/a' });
  });

  it("the admin's read of the session wins: its recording (even none), its cancellation and reason", () => {
    const later = at('2026-12-01T00:00:00.000Z');
    expect(adminSessionState(reservation({ recordingUrl: 'https://v.exemple/old' }), session(), later)).toEqual({ kind: 'over', recordingUrl: null });
    expect(adminSessionState(reservation(), session({ status: 'cancelled', cancelReason: 'Cheffe malade' }), at('2026-11-20T00:00:00.000Z'))).toEqual({
      kind: 'cancelled',
      reason: 'Cheffe malade',
    });
  });

  it('a cancelled session allows neither, before or after its time; without the read, no reason to show', () => {
    const cancelled = reservation({ sessionStatus: 'cancelled' });
    expect(adminSessionState(cancelled, undefined, at('2026-11-20T00:00:00.000Z'))).toEqual({ kind: 'cancelled', reason: null });
    expect(adminSessionState(cancelled, undefined, at('2026-12-20T00:00:00.000Z'))).toEqual({ kind: 'cancelled', reason: null });
  });
});

describe('the words', () => {
  it('cancelledSummary: none, one, several; the holds only when some were released', () => {
    expect(cancelledSummary(0, 0)).toBe('Aucun participant à rembourser.');
    expect(cancelledSummary(0, 1)).toBe('Aucun participant à rembourser, 1 place retenue libérée.');
    expect(cancelledSummary(1, 0)).toBe('1 participant remboursé.');
    // Paid attendees choose card or credit (decision 0043).
    expect(cancelledSummary(0, 1, 2)).toBe('2 participants choisiront entre un remboursement sur leur carte et un crédit Toque, 1 place retenue libérée.');
    expect(cancelledSummary(0, 0, 1)).toBe('1 participant choisira entre un remboursement sur sa carte et un crédit Toque.');
    expect(cancelledSummary(3, 2)).toBe('3 participants remboursés, 2 places retenues libérées.');
    expect(cancelledSummary(2, 1)).toBe('2 participants remboursés, 1 place retenue libérée.');
  });

  it('seatsSummary', () => {
    expect(seatsSummary(0, 10)).toBe('Aucune place occupée.');
    expect(seatsSummary(1, 10)).toBe('1 place occupée sur 10.');
    expect(seatsSummary(4, 12)).toBe('4 places occupées sur 12.');
  });
});
