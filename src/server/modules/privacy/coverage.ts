// Every table that holds a person's id, and what "download my data" and "delete my account" do
// with it. Deny by default: tests/integration/privacy-export.test.ts reads the schema and fails when
// a table referencing users is missing here, so a new table cannot hold personal data unnoticed.

/** Where the table's rows appear in the export (a top-level key of DataExport), or why they do not. */
export type ExportCoverage = { section: string } | { excluded: string };

/** What deleting the account does to the table's rows of that person. */
export type DeletionCoverage = 'deleted' | 'anonymised' | 'kept' | 'blocked';

export const PERSONAL_DATA_TABLES: Record<string, { export: ExportCoverage; deletion: DeletionCoverage; why?: string }> = {
  users: { export: { section: 'account' }, deletion: 'anonymised', why: 'orders reference it (kept for tax records)' },
  profiles: { export: { section: 'profile' }, deletion: 'anonymised' },
  accounts: { export: { section: 'signInMethods' }, deletion: 'deleted' },
  sessions: { export: { section: 'sessions' }, deletion: 'deleted' },
  password_reset_tokens: { export: { section: 'passwordResets' }, deletion: 'deleted' },
  admin_second_factors: { export: { section: 'secondFactor' }, deletion: 'blocked', why: 'the admin cannot delete their account here' },
  admin_recovery_codes: { export: { section: 'secondFactor' }, deletion: 'blocked', why: 'the admin cannot delete their account here' },
  courses: { export: { section: 'coursesTaught' }, deletion: 'blocked', why: 'a chef cannot delete their account here' },
  refunds: { export: { section: 'refundsIssued' }, deletion: 'blocked', why: 'only the admin issues refunds' },
  favorites: { export: { section: 'favorites' }, deletion: 'deleted' },
  subscriptions: { export: { section: 'subscriptions' }, deletion: 'kept', why: 'membership orders reference it; holds no personal field' },
  purchases: { export: { section: 'purchases' }, deletion: 'kept', why: 'paid order lines reference it; holds no personal field' },
  reservations: { export: { section: 'reservations' }, deletion: 'anonymised', why: 'order lines reference it; the name is erased' },
  waitlist_entries: { export: { section: 'waitlist' }, deletion: 'deleted', why: 'places in a full session’s « Liste d’attente »' },
  calendar_feeds: { export: { section: 'calendarFeed' }, deletion: 'deleted' },
  orders: { export: { section: 'orders' }, deletion: 'anonymised', why: 'kept 6 years for tax records; buyer name and e-mail erased' },
  course_progress: { export: { section: 'courseProgress' }, deletion: 'deleted' },
  notifications: { export: { section: 'notifications' }, deletion: 'deleted' },
  email_preferences: { export: { section: 'emailPreferences' }, deletion: 'deleted' },
  admin_client_notes: { export: { section: 'notesAboutYou' }, deletion: 'deleted', why: 'the chef’s notes about a customer (« Clients »)' },
  credit_preferences: { export: { section: 'storeCredit' }, deletion: 'deleted' },
  credit_entries: { export: { section: 'storeCredit' }, deletion: 'anonymised', why: 'the « Crédit Toque » ledger is money records, kept with the orders; the admin’s reason is erased' },
  gift_cards: { export: { section: 'giftCards' }, deletion: 'kept', why: 'a gift card is money its recipient holds (no expiry); kept with its order for tax records' },
  membership_grants: { export: { section: 'giftedMembership' }, deletion: 'kept', why: 'the months a membership gift card gave, kept with the card and its order; holds no personal field' },
  reservation_transfers: {
    export: { section: 'transfers' },
    deletion: 'anonymised',
    why: 'a booking’s history of moves and gifts (docs/decisions/0051); the addresses are erased, pending gifts revoked',
  },
  email_deliveries: { export: { section: 'emailsSent' }, deletion: 'anonymised', why: 'the record that an e-mail went out stops repeats; the address is erased' },
};
