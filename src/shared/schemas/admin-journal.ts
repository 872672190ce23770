// « Journal »: the back office's audit trail as a screen. GET /api/admin/journal?kind&actor&limit&offset
// (the admin only: 401 visitor, 403 anyone else), newest first, paged on the server.
import { z } from '../zod';
import { pagingFields } from './paging';

/** Every kind of admin action the trail records, with the French the Journal shows for it. */
export const AUDIT_ACTION_LABELS = {
  'course.create': 'Cours créé',
  'course.update': 'Cours modifié',
  'course.unpublish': 'Cours retiré de la publication',
  'course.archive': 'Cours archivé',
  'course.delete': 'Cours supprimé',
  'course.image': 'Image du cours changée',
  'course.video': 'Vidéo du cours téléversée',
  'session.create': 'Séance ajoutée',
  'session.update': 'Séance modifiée',
  'session.links': 'Liens de la séance modifiés',
  'session.link_notified': 'Participants prévenus du nouveau lien',
  'session.recording': 'Enregistrement de la séance changé',
  'session.cancel': 'Séance annulée',
  'session.minimum_keep': 'Séance maintenue sous son minimum',
  'session.minimum_cancel': "Séance annulée faute d'inscriptions",
  'session.prep_kit_update': 'Trousse de la séance modifiée',
  'session.prep_kit_sent': 'Trousse envoyée aux participants',
  'session.message': 'Message envoyé aux participants',
  'recipe.create': 'Recette créée',
  'recipe.update': 'Recette modifiée',
  'recipe.delete': 'Recette supprimée',
  'recipe.image': 'Image de la recette changée',
  'recipe.image_remove': 'Image de la recette retirée',
  'order.refund': 'Remboursement',
  'promo_code.create': 'Code promo créé',
  'promo_code.update': 'Code promo modifié',
  'promo_code.deactivate': 'Code promo désactivé',
  'promo_code.activate': 'Code promo réactivé',
  'order.receipt_resend': 'Reçu renvoyé au client',
  'gift_card.resend': 'Carte-cadeau renvoyée à sa destinataire',
  'gift_card.void': 'Carte-cadeau annulée et remboursée',
  'client.note.create': 'Note ajoutée au dossier du client',
  'client.note.update': 'Note du dossier du client modifiée',
  'client.credit.add': 'Crédit Toque ajouté au client',
  'profile.chef_update': 'Profil de chef modifié',
  'account.second_factor': 'Double authentification activée',
  'sandbox.test_clock': "Horloge du bac à sable avancée",
  'books.export': 'Export comptable téléchargé',
  'settings.filing_frequency': 'Période de déclaration TPS/TVQ changée',
  'settings.membership': "Réglages de l'abonnement changés",
  'settings.cancellation_policy': "Politique d'annulation changée",
  'settings.minimum_enrolment': "Réglage du minimum d'inscriptions changé",
  'reservation.transfer': 'Réservation transférée',
  'reservation.transfer_revoke': 'Offre de place reprise',
} as const satisfies Record<string, string>;
export type AuditActionKind = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTION_KINDS = Object.keys(AUDIT_ACTION_LABELS) as AuditActionKind[];

/** A kind this version does not know (written by a newer one): shown by its code. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

const KIND_ERROR = "Ce type d'action n'existe pas.";
const ACTOR_ERROR = "Cette personne n'est pas reconnue.";

export const JOURNAL_PAGE_SIZE = 25;

export const journalQuery = z
  .object({
    kind: z.enum(AUDIT_ACTION_KINDS as [AuditActionKind, ...AuditActionKind[]], { error: KIND_ERROR }).optional(),
    /** The acting admin's user id. */
    actor: z.string({ error: ACTOR_ERROR }).regex(/^[A-Za-z0-9_-]{1,64}$/, { error: ACTOR_ERROR }).optional(),
    ...pagingFields(JOURNAL_PAGE_SIZE),
  })
  .strict();
export type JournalQuery = z.infer<typeof journalQuery>;

/** One field as it was and as it became; null: not set (or not known, for a text the trail does not keep). */
export type JournalChange = { field: string; before: string | null; after: string | null };

export type JournalEntry = {
  id: string;
  at: string;
  actor: { id: string; email: string };
  action: string;
  /** The action in French (the code itself for a kind this version does not know). */
  label: string;
  target: {
    type: string;
    id: string;
    /** What it is, in words (« Pain au levain », « Commande nº 12 »…); null when it no longer exists. */
    name: string | null;
    /** Where the admin opens it, when it has a page. */
    href: string | null;
  };
  /** Before → after, field by field, in French. */
  changes: JournalChange[];
};

export type JournalResponse = {
  entries: JournalEntry[];
  total: number;
  /** The admins who appear in the trail, for the person filter. */
  actors: { id: string; email: string }[];
};
