// The e-mails a person may turn off, as /preferences and /desabonnement name them.
import type { UnsubscribeTopic } from '@shared/schemas/notifications';

export const TOPICS: { topic: UnsubscribeTopic; label: string; help: string; stops: string }[] = [
  {
    topic: 'reminders',
    label: 'Rappels avant mes cours en direct (24 h et 1 h avant)',
    help: "Un courriel la veille et une heure avant chaque cours réservé, avec l'heure et le lien pour le rejoindre.",
    stops: 'les rappels avant vos cours en direct',
  },
  {
    topic: 'prepKit',
    label: 'Trousse de préparation 72 h avant un cours',
    help: 'La liste des ingrédients et du matériel à prévoir, trois jours avant chaque cours en direct.',
    stops: 'la trousse de préparation envoyée avant vos cours',
  },
  {
    topic: 'marketing',
    label: 'Nouveautés et offres de Toque',
    help: 'Les nouveaux cours, recettes et offres, au plus quelques fois par mois.',
    stops: 'les nouveautés et offres de Toque',
  },
];

/** The topic an unsubscribe token names (its first part), to say what will stop before the click. */
export function topicOfToken(token: string): (typeof TOPICS)[number] | null {
  const topic = token.split('.', 1)[0];
  return TOPICS.find((t) => t.topic === topic) ?? null;
}
