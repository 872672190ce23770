// What the privacy policy states from the server's configuration: the privacy officer named by
// PRIVACY_OFFICER_NAME / PRIVACY_OFFICER_EMAIL, and how long each kind of data is kept. Served at
// /api/legal/privacy and injected into the first HTML of /privacy-policy (web/pages.ts).
import type { PrivacyInfoResponse, RetentionRule } from '@shared/schemas/privacy';
import type { Config } from '../../env';

/**
 * Keep in step with what the system does: orders are never deleted (orders.user_id is restrict);
 * the log and backup windows are the operator's (docs/decisions/0016-privacy.md).
 */
export const RETENTION: RetentionRule[] = [
  { what: 'Compte, profil, favoris, progression, notifications et préférences', howLong: "Jusqu'à la suppression de votre compte, puis effacés immédiatement." },
  {
    what: 'Commandes, reçus, notes de crédit et historique d’abonnement',
    howLong: "6 ans après la fin de l'exercice financier auquel ils se rapportent, comme l'exigent les lois fiscales du Québec et du Canada ; après la suppression de votre compte, ils sont conservés sans votre nom, votre courriel ni votre adresse.",
  },
  { what: 'Sessions de connexion (adresse IP, navigateur)', howLong: "Jusqu'à la déconnexion ou l'expiration de la session (au plus 30 jours), et effacées à la suppression du compte." },
  { what: 'Journaux techniques du serveur', howLong: '30 jours.' },
  { what: 'Copies de sauvegarde', howLong: '35 jours : une donnée supprimée disparaît des sauvegardes au plus tard 35 jours après.' },
];

export function privacyInfo(config: Pick<Config, 'privacyOfficer'>): PrivacyInfoResponse {
  return {
    privacyOfficer: { name: config.privacyOfficer.name, email: config.privacyOfficer.email },
    retention: RETENTION,
    authority: { name: "Commission d'accès à l'information du Québec", url: 'https://www.cai.gouv.qc.ca/' },
  };
}
