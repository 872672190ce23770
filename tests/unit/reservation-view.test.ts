// Who sees a session's join link and recording, and what cancelling gives: decided in one mapping.
import { DEFAULT_CANCELLATION_POLICY } from '@shared/booking';
import { describe, expect, it } from 'vitest';
import type { ReservationRow } from '../../src/server/modules/booking/reservation-rows';
import { toReservationView } from '../../src/server/modules/booking/reservation-view';

const now = new Date('2026-12-01T12:00:00Z');
const DAY = 86_400_000;

const row = (over: Partial<ReservationRow> = {}): ReservationRow => ({
  id: 'r1',
  userId: 'learner',
  sessionId: 's1',
  clientName: 'Léa Tremblay',
  status: 'confirmed',
  cancelReason: null,
  holdExpiresAt: null,
  startsAt: new Date(now.getTime() + 5 * DAY),
  sessionMinutes: null,
  sessionStatus: 'scheduled',
  videoLink: 'https://zoom.us/j/123',
  recordingUrl: 'https://video.example/rec',
  hasRecordingVideo: true,
  courseId: 'c1',
  courseTitle: 'Pâtes fraîches',
  courseMinutes: 90,
  orderId: 'o1',
  bookedAt: new Date(now.getTime() - 10 * DAY),
  movedAt: null,
  sequence: 0,
  refundChoiceDueAt: null,
  refundChoice: null,
  refundChoiceCents: null,
  seats: 1,
  guestNames: [],
  paidSeats: 1,
  paidAmountCents: 6000,
  ...over,
});

const learner = { userId: 'learner', role: 'learner', adminSecondFactor: null } as const;
const other = { userId: 'other', role: 'learner', adminSecondFactor: null } as const;
const admin = { userId: 'chef', role: 'admin', adminSecondFactor: 'verified' } as const;

describe('toReservationView', () => {
  it('gives the confirmed attendee the link and the recording, and ends the session after its duration', () => {
    const view = toReservationView(row(), learner, now, DEFAULT_CANCELLATION_POLICY);
    expect(view).toMatchObject({
      hasVideoLink: true,
      videoLink: 'https://zoom.us/j/123',
      recordingUrl: 'https://video.example/rec',
      hasRecordingVideo: true,
      durationMinutes: 90,
    });
    expect(new Date(view.endsAt).getTime() - new Date(view.startsAt).getTime()).toBe(90 * 60_000);
  });

  it('never reveals the link to a pending hold, only that one exists', () => {
    const view = toReservationView(row({ status: 'pending_payment', holdExpiresAt: new Date(now.getTime() + 60_000) }), learner, now, DEFAULT_CANCELLATION_POLICY);
    expect(view).toMatchObject({ hasVideoLink: true, videoLink: null, recordingUrl: null, hasRecordingVideo: false });
    expect(view.holdExpiresAt).not.toBeNull();
  });

  it('gives the admin the link whatever the status, and nobody else’s reservation its order', () => {
    expect(toReservationView(row({ status: 'pending_payment' }), admin, now, DEFAULT_CANCELLATION_POLICY).videoLink).toBe('https://zoom.us/j/123');
    expect(toReservationView(row(), other, now, DEFAULT_CANCELLATION_POLICY)).toMatchObject({ videoLink: null, recordingUrl: null, hasRecordingVideo: false, orderId: null });
    expect(toReservationView(row({ status: 'cancelled' }), admin, now, DEFAULT_CANCELLATION_POLICY).hasRecordingVideo).toBe(true);
  });

  it('gives an admin account nothing of others while its session has not given the second factor', () => {
    for (const adminSecondFactor of ['unverified', 'not_enrolled'] as const) {
      expect(toReservationView(row(), { ...admin, adminSecondFactor }, now, DEFAULT_CANCELLATION_POLICY)).toMatchObject({ videoLink: null, recordingUrl: null, orderId: null });
    }
  });

  it('refunds a cancellation 48 h ahead, not later, and offers none for a cancelled session', () => {
    expect(toReservationView(row(), learner, now, DEFAULT_CANCELLATION_POLICY).cancellation).toMatchObject({ allowed: true, refundable: true });
    const soon = row({ startsAt: new Date(now.getTime() + DAY) });
    expect(toReservationView(soon, learner, now, DEFAULT_CANCELLATION_POLICY).cancellation).toMatchObject({ allowed: true, refundable: false });
    expect(toReservationView(row({ sessionStatus: 'cancelled' }), learner, now, DEFAULT_CANCELLATION_POLICY)).toMatchObject({
      cancellation: { allowed: false, refundable: false },
      videoLink: null,
    });
  });

  it('uses 60 minutes when neither the session nor the course says', () => {
    expect(toReservationView(row({ courseMinutes: null }), learner, now, DEFAULT_CANCELLATION_POLICY).durationMinutes).toBe(60);
  });

  it('a booking of several seats: its seats and guests, and what one seat gives back (the rounding spread to the last)', () => {
    const view = toReservationView(row({ seats: 3, guestNames: ['Marie', ''], paidSeats: 3, paidAmountCents: 10_000 }), learner, now, DEFAULT_CANCELLATION_POLICY);
    expect(view).toMatchObject({ seats: 3, guests: ['Marie', ''], cancellation: { refundable: true, seatShareCents: 3333 } });
    // One seat already given back: the next one's share.
    expect(toReservationView(row({ seats: 2, paidSeats: 3, paidAmountCents: 10_000 }), learner, now, DEFAULT_CANCELLATION_POLICY).cancellation.seatShareCents).toBe(3334);
    // One seat, or within 48 h: no share to show.
    expect(toReservationView(row(), learner, now, DEFAULT_CANCELLATION_POLICY).cancellation.seatShareCents).toBeNull();
    expect(toReservationView(row({ seats: 2, paidSeats: 2, startsAt: new Date(now.getTime() + DAY) }), learner, now, DEFAULT_CANCELLATION_POLICY).cancellation.seatShareCents).toBeNull();
  });
});
