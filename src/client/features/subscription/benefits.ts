import { BookOpenCheck, Gift, Headset, Percent, UtensilsCrossed, type LucideIcon } from 'lucide-react';

/** The five benefits the membership advertises (spec §1: what an active subscriber gets). */
export const SUBSCRIPTION_BENEFITS: ReadonlyArray<{ title: string; detail: string; icon: LucideIcon }> = [
  { title: 'Recettes illimitées', detail: 'Toute la bibliothèque, y compris les recettes Premium.', icon: UtensilsCrossed },
  { title: 'Tous les cours enregistrés', detail: 'Chaque cours vidéo, à regarder à votre rythme et autant que vous voulez.', icon: BookOpenCheck },
  { title: 'Rabais sur les cours en direct', detail: 'Un prix réduit sur chaque séance en direct avec nos chefs.', icon: Percent },
  { title: 'Contenu bonus', detail: 'Techniques, astuces et recettes réservées aux abonnés.', icon: Gift },
  { title: 'Support prioritaire', detail: 'Vos questions passent en premier.', icon: Headset },
];
