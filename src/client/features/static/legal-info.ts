// Who runs the site, as the legal pages state it. The operator confirms these details (legal name,
// address, privacy officer) before going live; they live here once so every page says the same.
export const LEGAL = {
  businessName: 'Toque',
  province: 'Québec',
  contactEmail: 'bonjour@toque.quebec',
  privacyEmail: 'confidentialite@toque.quebec',
  /** Under Loi 25, the person with the highest authority is the privacy officer unless someone else is named. */
  privacyOfficer: 'la cheffe-propriétaire de Toque, responsable de la protection des renseignements personnels',
  lastUpdated: '2026-01-15',
  /** The privacy policy changed with the data export and the account deletion (Loi 25). */
  privacyUpdated: '2026-11-22',
} as const;
