// The seat-hold steps another module runs inside its own transaction, after it locked the session
// the way a booking hold does (lockSession): the waitlist's promotion offers a hold with them
// (docs/decisions/0050), so an offered seat and a booked seat are the same kind of row.
export { expireLapsedHolds, findLiveReservation, insertHold, lockSession, mineAndTaken } from './repository';
export { scheduleHoldExpiry } from '../../jobs/hold-expiry';
