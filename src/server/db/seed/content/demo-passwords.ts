// Passwords of the demo accounts, shown in the README and printed by `npm run seed`. Demo data only:
// SEED_ON_EMPTY=false in production keeps them out of a real site.
export const DEMO_PASSWORDS: Record<string, string> = {
  'cheffe@toque.demo': 'Cheffe-Toque-2026',
  'invite@toque.demo': 'Invite-Toque-2026',
  'apprenant@toque.demo': 'Apprenant-Toque-2026',
  'abonne@toque.demo': 'Abonne-Toque-2026',
};
