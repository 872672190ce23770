// Mon Calendrier's pure parts: the dates each view asks the server for (weeks from Monday), the
// events (the admin's and the guest chef's: one per session, « course · 8 / 10 »), and the
// cancellation terms the learner reads before confirming.
import { describe, expect, it } from 'vitest';
import type { CalendarSessionView, ReservationView } from '@shared/schemas/reservations';
import { visibleRange } from '@client/features/calendar/calendar-setup';
import { cancelTerms } from '@client/features/calendar/cancel-terms';
import { toEvents } from '@client/features/calendar/events';

// The tests run in the process's zone; the dates below are wall-clock dates in it.
const local = (y: number, m: number, d: number, h = 0) => new Date(y, m - 1, d, h);

describe('visibleRange', () => {
  it('a month shows whole weeks from Monday: November 2026 from Mon 26 Oct to Sun 6 Dec', () => {
    expect(visibleRange(local(2026, 11, 22, 15), 'month')).toEqual({ from: local(2026, 10, 26), to: local(2026, 12, 7) });
  });

  it('a week runs Monday to Sunday, even from a Sunday', () => {
    expect(visibleRange(local(2026, 11, 22, 15), 'week')).toEqual({ from: local(2026, 11, 16), to: local(2026, 11, 23) });
    expect(visibleRange(local(2026, 11, 23, 0), 'week')).toEqual({ from: local(2026, 11, 23), to: local(2026, 11, 30) });
  });

  it('a day is that day; the agenda 30 days from it', () => {
    expect(visibleRange(local(2026, 11, 22, 15), 'day')).toEqual({ from: local(2026, 11, 22), to: local(2026, 11, 23) });
    expect(visibleRange(local(2026, 11, 22, 15), 'agenda')).toEqual({ from: local(2026, 11, 22), to: local(2026, 12, 22) });
  });
});

const reservation = (over: Partial<ReservationView>): ReservationView => ({
  id: 'r1',
  sessionId: 's1',
  courseId: 'c1',
  courseTitle: 'Tourtière',
  clientName: 'Léa Tremblay',
  startsAt: '2026-11-28T23:30:00.000Z',
  endsAt: '2026-11-29T01:00:00.000Z',
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

describe('toEvents', () => {
  const session = [
    reservation({ id: 'r1', clientName: 'Léa Tremblay', status: 'pending_payment' }),
    reservation({ id: 'r2', clientName: 'Marc Gagnon' }),
  ];
  const other = reservation({ id: 'r3', sessionId: 's2', courseTitle: 'Sucre à la crème', clientName: 'Zoé Côté' });

  const sessions: CalendarSessionView[] = [
    { id: 's1', courseTitle: 'Tourtière', startsAt: '2026-11-28T23:30:00.000Z', endsAt: '2026-11-29T01:00:00.000Z', seatsTaken: 8, capacity: 10, status: 'scheduled', hasVideoLink: false },
    { id: 's2', courseTitle: 'Sucre à la crème', startsAt: '2026-11-30T23:30:00.000Z', endsAt: '2026-12-01T01:00:00.000Z', seatsTaken: 1, capacity: 6, status: 'scheduled', hasVideoLink: true },
  ];

  it('titles a learner’s events with the course, one per reservation, in every view', () => {
    for (const view of ['month', 'week', 'day', 'agenda'] as const) {
      expect(toEvents([session[1]!], [], 'learner', view).map((e) => [e.title, e.start.toISOString(), e.end.toISOString(), e.allDay])).toEqual([
        ['Tourtière', '2026-11-28T23:30:00.000Z', '2026-11-29T01:00:00.000Z', false],
      ]);
    }
  });

  it("makes one event per session of the admin's, in every view, « course · seats taken / capacity », opening on a confirmed seat", () => {
    for (const view of ['month', 'week', 'day', 'agenda'] as const) {
      const events = toEvents([...session, other], sessions, 'admin', view);
      expect(events.map((e) => e.title)).toEqual(['Tourtière · 8 / 10', 'Sucre à la crème · 1 / 6']);
      expect(events[0]!.resource!.id).toBe('r2');
      expect(events[0]!.group.map((r) => r.id)).toEqual(['r1', 'r2']);
      expect(events[0]!.session!.id).toBe('s1');
    }
  });

  it("the guest chef's are the sessions he teaches, even with no reservation of his own, and his own bookings beside them", () => {
    const mine = reservation({ id: 'r9', sessionId: 's9', courseTitle: 'Cabane à sucre' });
    const events = toEvents([mine], sessions, 'chef', 'month');
    expect(events.map((e) => [e.title, e.session?.id ?? null])).toEqual([
      ['Tourtière · 8 / 10', 's1'],
      ['Sucre à la crème · 1 / 6', 's2'],
      ['Cabane à sucre', null],
    ]);
  });
});

describe('cancelTerms', () => {
  const now = new Date('2026-11-20T12:00:00Z');

  it('a refundable seat: full refund, said so', () => {
    expect(cancelTerms(reservation({}), now)).toMatchObject({ refundable: true, heading: 'Remboursement complet', confirmLabel: "Confirmer l'annulation" });
  });

  it('within 48 h: no refund, said plainly', () => {
    const late = reservation({ cancellation: { allowed: true, refundable: false, refundDeadline: '2026-11-19T23:30:00.000Z', noticeHours: 48, moved: false, seatShareCents: null } });
    const terms = cancelTerms(late, now);
    expect(terms).toMatchObject({ refundable: false, heading: 'Aucun remboursement', confirmLabel: 'Annuler sans remboursement' });
    expect(terms.text).toContain('moins de 48 heures');
    expect(terms.text).toContain('aucun remboursement');
  });

  it('nothing paid, ahead of the deadline: no refund, because there is nothing to give back', () => {
    const unpaid = reservation({ orderId: null, cancellation: { allowed: true, refundable: false, refundDeadline: '2026-11-26T23:30:00.000Z', noticeHours: 48, moved: false, seatShareCents: null } });
    expect(cancelTerms(unpaid, now).text).toContain("Aucun paiement n'est rattaché");
  });

  it('the server found the 48 h passed while the dialog was open: the no-refund terms', () => {
    expect(cancelTerms(reservation({}), now, true)).toMatchObject({ refundable: false, heading: 'Aucun remboursement' });
    expect(cancelTerms(reservation({}), now, true).text).toContain('moins de 48 heures');
  });
});
