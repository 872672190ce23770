import { BookOpen, ChefHat, Home, UtensilsCrossed, type LucideIcon } from 'lucide-react';

/** The main navigation (spec: Accueil, Cours, Recettes, Nos Chefs). */
export const NAV_ITEMS: ReadonlyArray<{ to: string; label: string; icon: LucideIcon; end?: boolean }> = [
  { to: '/', label: 'Accueil', icon: Home, end: true },
  { to: '/cours', label: 'Cours', icon: BookOpen },
  { to: '/recettes', label: 'Recettes', icon: UtensilsCrossed },
  { to: '/chefs', label: 'Nos Chefs', icon: ChefHat },
];
