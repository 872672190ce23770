// An audit entry's details as a person reads them: field by field, before → after, in French. The
// trail's details have a few shapes ({ from, to }, { changed: true }, { before: {…}, after: {…} },
// plain values for what an action did); each becomes one line. Texts the trail does not keep (a
// description, a kit) read « modifié ».
import { CHEF_TIME_ZONE, formatDuration, formatPrice, formatSessionDateTime } from '@shared/format';
import type { JournalChange } from '@shared/schemas/admin-journal';

const FIELD_LABELS: Record<string, string> = {
  title: 'Titre',
  name: 'Nom',
  description: 'Description',
  priceCents: 'Prix',
  isLive: 'En direct',
  isPremium: 'Réservé aux abonnés',
  teacherId: 'Chef',
  difficulty: 'Niveau',
  durationMinutes: 'Durée',
  cuisineType: 'Cuisine',
  dietaryInfo: 'Régime',
  status: 'Statut',
  from: 'Statut précédent',
  prepKit: 'Trousse',
  prepKitServings: 'Portions de la trousse',
  capacity: 'Places',
  minSeats: "Minimum d'inscriptions",
  maxSeatsPerBooking: 'Places par réservation',
  seatsTaken: 'Places prises',
  startsAt: 'Début',
  reason: 'Motif',
  totalCents: 'Montant remboursé',
  lines: 'Lignes remboursées',
  refundId: 'Remboursement',
  refunded: 'Places remboursées',
  awaitingChoice: 'Places en attente du choix carte ou crédit',
  released: 'Réservations libérées',
  videoLink: 'Lien vidéo',
  recordingUrl: "Lien de l'enregistrement",
  contentType: 'Type de fichier',
  bytes: 'Taille',
  replaced: 'Remplace un fichier',
  removed: 'Fichier retiré',
  own: 'Trousse propre à la séance',
  sent: 'Courriels envoyés',
  skipped: 'Courriels non envoyés',
  category: 'Catégorie',
  servings: 'Portions',
  ingredients: 'Ingrédients',
  steps: 'Étapes',
  imageUrl: 'Image',
  to: 'Nouvelle valeur',
  changed: 'Champs modifiés',
  specialty: 'Spécialité',
  bioLength: 'Biographie (caractères)',
  via: 'Origine',
  reservationId: 'Réservation',
  email: 'Courriel',
  days: 'Jours avancés',
  clockNow: 'Horloge du bac à sable',
  enrolled: 'Double authentification',
  recoveryCodes: 'Codes de récupération remis',
  told: 'Participants prévenus',
  overlapConfirmed: 'Chevauchement confirmé',
  repeat: 'Répétition hebdomadaire',
  summary: 'Rabais',
  maxUses: 'Utilisations au total',
  maxUsesPerCustomer: 'Utilisations par client',
  endsAt: 'Fin',
  audience: 'Public',
  active: 'Actif',
  subject: 'Objet',
  recipients: 'Destinataires',
  period: 'Période',
  format: 'Format',
  rows: 'Lignes exportées',
  body: 'Note',
  number: 'Commande nº',
};

/** Ids that say nothing to a person (the target is named on its own). */
const HIDDEN = new Set(['courseId', 'messageId', 'noteId', 'userId']);

const VALUE_LABELS: Record<string, string> = {
  published: 'publié',
  draft: 'brouillon',
  archived: 'archivé',
  beginner: 'débutant',
  intermediate: 'intermédiaire',
  advanced: 'avancé',
  starter: 'entrée',
  main: 'plat',
  dessert: 'dessert',
  drink: 'boisson',
  'session.cancel': 'annulation de la séance',
};

const label = (field: string) => FIELD_LABELS[field] ?? field;

function value(field: string, v: unknown): string | null {
  // A session without its own duration takes the course's.
  if (v === null && field === 'durationMinutes') return 'celle du cours';
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v ? 'oui' : 'non';
  if (typeof v === 'number') {
    if (field.endsWith('Cents')) return formatPrice(v);
    if (field === 'durationMinutes') return formatDuration(v);
    if (field === 'bytes') return `${(v / 1_000_000).toLocaleString('fr-CA', { maximumFractionDigits: 1 })} Mo`;
    return String(v);
  }
  if (typeof v === 'string') {
    if (field === 'startsAt' || field === 'clockNow') return formatSessionDateTime(v, CHEF_TIME_ZONE);
    return VALUE_LABELS[v] ?? v;
  }
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string') ? v.map((x) => label(x)).join(', ') : String(v.length);
  return JSON.stringify(v);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function describeChanges(details: Record<string, unknown>): JournalChange[] {
  if (isObject(details.before) && isObject(details.after)) {
    const before = details.before;
    const after = details.after;
    return [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((k) => !HIDDEN.has(k) && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => ({ field: label(k), before: value(k, before[k]), after: value(k, after[k]) }));
  }
  const changes: JournalChange[] = [];
  for (const [k, v] of Object.entries(details)) {
    if (HIDDEN.has(k)) continue;
    if (isObject(v) && ('from' in v || 'to' in v)) changes.push({ field: label(k), before: value(k, v.from), after: value(k, v.to) });
    else if (isObject(v) && v.changed === true) changes.push({ field: label(k), before: null, after: 'modifié' });
    else changes.push({ field: label(k), before: null, after: value(k, v) });
  }
  return changes;
}
