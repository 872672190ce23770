// What this feature offers the others (decision 0023): they import it from here or from api.ts, never from its files.
export { SessionCancelDialog } from './components/admin/SessionCancelDialog';
export { VideoLinkEditor } from './components/VideoLinkEditor';
export { RecordingVideoUpload } from './components/admin/RecordingVideoUpload';
// « Transférer » from the admin's roster (docs/decisions/0051): the same dialog as the learner's.
export { TransferReservationDialog } from './components/TransferReservationDialog';
// The booking's own page (features/booking/ReservationPage) cancels with the same dialog and words.
export { CancelReservationDialog } from './components/CancelReservationDialog';
export { icsPath } from './api';
