// The people of the demo: the chef who runs Toque (admin), a guest chef, and demo learners.
// No passwords here: the demo accounts get theirs from demo-passwords.ts.
import type { SeedPerson } from './types';

export const CHEF_KEY = 'cheffe';
export const GUEST_CHEF_KEY = 'invite';

export const chefs: SeedPerson[] = [
  {
    key: CHEF_KEY,
    email: 'cheffe@toque.demo',
    fullName: 'Geneviève Tremblay',
    role: 'admin',
    province: 'QC',
    specialty: 'Cuisine québécoise de saison',
    bio:
      "Née à Alma, au Lac-Saint-Jean, Geneviève a appris à cuisiner aux côtés de sa grand-mère, entre les tourtières du temps des fêtes et les confitures de bleuets sauvages. " +
      "Après quinze ans dans les cuisines de restaurants montréalais, dont six comme cheffe de cuisine, elle a fondé Toque pour partager ce qu'elle aime le plus : une cuisine simple, généreuse et fidèle aux saisons du Québec. " +
      "Ses cours sont chaleureux et sans prétention; elle y explique le pourquoi de chaque geste, pour que vous puissiez ensuite improviser chez vous. " +
      "Quand elle n'est pas derrière la caméra, vous la trouverez au marché Jean-Talon, à discuter avec les producteurs de ce qui arrive la semaine prochaine.",
    portrait: {
      background: '#c2603a',
      skin: '#f1c7a5',
      hair: '#6b3a1e',
      hairStyle: 'bun',
      toque: true,
      scarf: '#2f6f62',
    },
  },
  {
    key: GUEST_CHEF_KEY,
    email: 'invite@toque.demo',
    fullName: 'Julien Moreau',
    role: 'chef',
    province: 'QC',
    specialty: 'Cuisine italienne et pâtes fraîches',
    bio:
      "Originaire de Lyon, Julien a passé quatre ans à Bologne, où une nonna du quartier lui a appris à abaisser la pâte au rouleau, à l'ancienne. " +
      "Installé à Québec depuis 2015, il marie les techniques italiennes aux produits d'ici : farine moulue à la meule de pierre, champignons sauvages, fromages fins du terroir. " +
      "Patient et drôle, il aime voir ses élèves réussir leurs premiers tortellinis du premier coup.",
    portrait: {
      background: '#3f6e8c',
      skin: '#d9a47e',
      hair: '#2b211c',
      hairStyle: 'short',
      toque: false,
      scarf: '#b8322a',
      beard: true,
      glasses: true,
    },
  },
];

export const LEARNER_EMAIL = 'apprenant@toque.demo';
export const LEARNER_KEY = 'apprenant';
export const SUBSCRIBER_EMAIL = 'abonne@toque.demo';

export const learners: SeedPerson[] = [
  { key: LEARNER_KEY, email: LEARNER_EMAIL, fullName: 'Camille Gagnon', role: 'learner', province: 'QC' },
  { key: 'abonne', email: SUBSCRIBER_EMAIL, fullName: 'Olivier Bouchard', role: 'learner', province: 'ON', subscribed: true },
];

/** Learners who already booked seats, so some sessions are partly taken and one is full. */
export const participants: SeedPerson[] = [
  'Émilie Roy',
  'Félix Côté',
  'Sarah Pelletier',
  'Thomas Gauthier',
  'Léa Morin',
  'Nicolas Fortin',
  'Audrey Bélanger',
  'Samuel Ouellet',
  'Chloé Lévesque',
  'Maxime Girard',
].map((fullName, i) => ({
  key: `participant${i + 1}`,
  email: `participant${i + 1}@toque.demo`,
  fullName,
  role: 'learner' as const,
  province: 'QC',
}));
