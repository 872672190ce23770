// The demo courses: live classes with upcoming sessions (one also given last week, with its
// recording), and recorded courses (each with the demo video).
import { CHEF_KEY, GUEST_CHEF_KEY, LEARNER_KEY } from './people';
import { dishOf } from './recipes';
import type { SeedCourse } from './types';

export const liveCourses: SeedCourse[] = [
  {
    slug: 'cabane-a-sucre-maison',
    title: 'Cabane à sucre à la maison',
    description:
      "Recréez le menu de la cabane à sucre dans votre cuisine : omelette soufflée, fèves au lard à l'érable et pouding chômeur. " +
      "Geneviève vous montre comment doser le sirop pour que chaque plat reste équilibré, et comment tout préparer en même temps sans stress. " +
      'Un cours festif, idéal pour débuter.',
    teacher: CHEF_KEY,
    priceCents: 4500,
    isLive: true,
    isPremium: false,
    difficulty: 'beginner',
    durationMinutes: 90,
    cuisineType: 'Québécoise',
    dietaryInfo: 'Contient des œufs, des produits laitiers, du gluten et du porc',
    allergens: ['gluten', 'lactose', 'eggs'],
    diets: [],
    ageDays: 6,
    prepKit: {
      servings: 4,
      lines: [
        '6 œufs',
        '1 tasse de sirop d\'érable',
        '2 tasses de farine tout usage',
        '1/2 tasse de beurre',
        '1 boîte (398 ml) de fèves blanches',
        '200 g de lard salé',
        'Sel et poivre',
        'Matériel :',
        'Un plat allant au four de 20 cm',
        'Un fouet',
        'Une casserole moyenne',
      ],
    },
    sessions: [
      { inDays: 3, capacity: 8, booked: 8 },
      { inDays: 17, capacity: 8, booked: 2 },
      { inDays: 31, capacity: 8, booked: 0 },
    ],
    cover: {
      surface: { kind: 'wood', color: '#8f5e34' },
      centre: dishOf('pouding-chomeur'),
      props: ['maple-leaf', 'egg', 'butter', 'wooden-spoon', 'maple-leaf', 'flour', 'whisk', 'egg'],
    },
  },
  {
    slug: 'tourtiere-et-ketchup-aux-fruits',
    title: 'Tourtière et ketchup aux fruits maison',
    description:
      "Apprenez la tourtière du temps des fêtes de A à Z : une pâte brisée tendre et feuilletée, une garniture parfumée aux épices douces et un ketchup aux fruits pour l'accompagner. " +
      'Vous repartirez avec une tourtière prête à cuire et les trucs pour la congeler.',
    teacher: CHEF_KEY,
    priceCents: 6500,
    isLive: true,
    isPremium: false,
    difficulty: 'intermediate',
    durationMinutes: 120,
    cuisineType: 'Québécoise',
    dietaryInfo: 'Contient du gluten, des œufs et du porc',
    allergens: ['gluten', 'eggs'],
    diets: [],
    ageDays: 12,
    prepKit: {
      servings: 6,
      lines: [
        '450 g de porc haché',
        '1 oignon, haché finement',
        '2 gousses d\'ail',
        '1/2 c. à thé de cannelle',
        '1/4 c. à thé de clou de girofle moulu',
        '2 1/2 tasses de farine',
        '1 tasse de beurre froid',
        '3 tomates',
        '2 pommes',
        'Matériel :',
        'Une assiette à tarte de 23 cm',
        'Un rouleau à pâtisserie',
        'Une poêle',
      ],
    },
    sessions: [
      // Given last week: the demo learner attended and can watch its recording.
      { inDays: -7, capacity: 10, booked: 5, guests: [LEARNER_KEY], recorded: true },
      { inDays: 4, capacity: 10, booked: 6 },
      { inDays: 18, capacity: 10, booked: 3 },
      { inDays: 32, capacity: 10, booked: 0 },
    ],
    cover: {
      surface: { kind: 'linen', color: '#d8c8ad' },
      centre: dishOf('tourtiere-traditionnelle'),
      props: ['rolling-pin', 'onion', 'garlic', 'herbs', 'flour', 'egg', 'tomato'],
    },
  },
  {
    slug: 'pates-fraiches-bologne',
    title: 'Pâtes fraîches comme à Bologne',
    description:
      'Farine, œufs et un rouleau : Julien vous apprend à pétrir et abaisser la pâte à la main, puis à façonner tagliatelles et tortellinis. ' +
      'On termine avec une sauce tomate au beurre toute simple et un vrai parmesan. Prévoyez un grand plan de travail!',
    teacher: GUEST_CHEF_KEY,
    priceCents: 7500,
    isLive: true,
    isPremium: false,
    difficulty: 'intermediate',
    durationMinutes: 120,
    cuisineType: 'Italienne',
    dietaryInfo: 'Végétarien; contient du gluten, des œufs et des produits laitiers',
    allergens: ['gluten', 'lactose', 'eggs'],
    diets: ['vegetarian'],
    ageDays: 9,
    sessions: [
      { inDays: 6, capacity: 12, booked: 5 },
      { inDays: 20, capacity: 12, booked: 2 },
      { inDays: 34, capacity: 12, booked: 0 },
    ],
    cover: {
      surface: { kind: 'marble' },
      centre: {
        view: 'top',
        surface: { kind: 'marble' },
        vessel: 'plate',
        vesselColor: '#f7f4ee',
        toppings: [
          { t: 'noodles', color: '#f3d27a', count: 34 },
          { t: 'pool', color: '#c8432b', size: 0.3 },
          { t: 'crumbs', colors: ['#fbf3da', '#f3e6c0'], count: 50, size: [2, 5], spread: 0.6 },
          { t: 'leaves', color: '#3f8f3a', count: 3, size: [44, 54], spread: 0.25 },
        ],
      },
      props: ['flour-well', 'rolling-pin', 'tomato', 'basil', 'parmesan', 'garlic', 'tomato'],
    },
  },
  {
    slug: 'soiree-bistro-francais',
    title: 'Soirée bistro : bœuf bourguignon et gratin dauphinois',
    description:
      'Le grand menu du bistro français, sans les raccourcis : un bourguignon braisé dans le vin rouge, un gratin dauphinois crémeux et une sauce montée au beurre. ' +
      "Un cours exigeant mais généreux, où l'on parle saisie, déglaçage et cuisson lente. Réservé aux abonnés ou à l'achat.",
    teacher: CHEF_KEY,
    priceCents: 9500,
    isLive: true,
    isPremium: true,
    difficulty: 'advanced',
    durationMinutes: 150,
    cuisineType: 'Française',
    dietaryInfo: "Contient de l'alcool (cuit), des produits laitiers et du porc",
    allergens: ['gluten', 'lactose'],
    diets: [],
    ageDays: 15,
    sessions: [
      { inDays: 9, capacity: 10, booked: 4 },
      { inDays: 23, capacity: 10, booked: 1 },
      { inDays: 37, capacity: 10, booked: 0 },
    ],
    cover: {
      surface: { kind: 'slate' },
      centre: dishOf('boeuf-bourguignon'),
      props: ['wine', 'mushroom', 'carrot', 'herbs', 'onion', 'garlic', 'mushroom', 'chef-knife'],
    },
  },
  {
    slug: 'cuisine-vegetarienne-reconfortante',
    title: 'Cuisine végétarienne réconfortante',
    description:
      "Des plats végétariens qui tiennent au corps : velouté de courge à l'érable, ratatouille au four et croustade aux pommes. " +
      'Geneviève montre comment construire des saveurs profondes sans viande, avec les légumes du marché. Chaque recette a une option végane.',
    teacher: CHEF_KEY,
    priceCents: 5500,
    isLive: true,
    isPremium: false,
    difficulty: 'beginner',
    durationMinutes: 100,
    cuisineType: 'Végétarienne',
    dietaryInfo: 'Végétarien, option végane; sans noix',
    allergens: ['lactose'],
    diets: ['vegetarian'],
    ageDays: 20,
    sessions: [
      { inDays: 12, capacity: 12, booked: 3 },
      { inDays: 26, capacity: 12, booked: 0 },
    ],
    cover: {
      surface: { kind: 'wood', color: '#6e4a2f' },
      centre: dishOf('veloute-courge-erable'),
      props: ['carrot', 'herbs', 'onion', 'mushroom', 'lemon', 'garlic', 'tomato'],
    },
  },
];

export const recordedCourses: SeedCourse[] = [
  {
    slug: 'premiers-pas-couteau',
    title: 'Premiers pas : bien tenir son couteau',
    description:
      'Le cours gratuit pour bien commencer : choisir et affûter son couteau, tenir la lame en toute sécurité, puis émincer, ciseler et tailler en brunoise. ' +
      'Quarante-cinq minutes qui rendront toutes vos recettes plus rapides.',
    teacher: CHEF_KEY,
    priceCents: 0,
    isLive: false,
    isPremium: false,
    difficulty: 'beginner',
    durationMinutes: 45,
    cuisineType: 'Française',
    dietaryInfo: 'Végétalien',
    allergens: [],
    diets: ['vegetarian', 'vegan'],
    ageDays: 60,
    cover: {
      surface: { kind: 'wood', color: '#b58552' },
      centre: {
        view: 'top',
        surface: { kind: 'wood', color: '#b58552' },
        vessel: 'bowl',
        vesselColor: '#f3efe6',
        base: ['#efe8da', '#ddd2bf'],
        toppings: [
          { t: 'chunks', colors: ['#ec7a1c', '#f08a2c'], count: 16, size: [11, 15], spread: 0.9 },
          { t: 'chunks', colors: ['#9cc26a', '#8db55a'], count: 14, size: [11, 15], spread: 0.9 },
          { t: 'chunks', colors: ['#f4ede1', '#ebe0cc'], count: 14, size: [11, 15], spread: 0.9 },
        ],
      },
      props: ['chef-knife', 'carrot', 'onion', 'garlic', 'herbs', 'tomato', 'lemon'],
    },
  },
  {
    slug: 'tartes-et-poudings-d-antan',
    title: "Pâtisserie québécoise : tartes et poudings d'antan",
    description:
      'Tarte au sucre, pouding chômeur, grands-pères dans le sirop et tarte aux bleuets : les desserts de nos grands-mères, expliqués pas à pas. ' +
      "Vous apprendrez une pâte brisée inratable et les secrets d'un sirop qui ne cristallise pas.",
    teacher: CHEF_KEY,
    priceCents: 4900,
    isLive: false,
    isPremium: true,
    difficulty: 'intermediate',
    durationMinutes: 80,
    cuisineType: 'Québécoise',
    dietaryInfo: 'Végétarien; contient du gluten, des œufs et des produits laitiers',
    allergens: ['gluten', 'lactose', 'eggs'],
    diets: ['vegetarian'],
    ageDays: 40,
    cover: {
      surface: { kind: 'gingham', color: '#b03a2e' },
      centre: dishOf('tarte-au-sucre'),
      props: ['rolling-pin', 'egg', 'flour', 'butter', 'maple-leaf', 'berries', 'egg'],
    },
  },
  {
    slug: 'pain-au-levain',
    title: 'Pain au levain de A à Z',
    description:
      'Démarrer et nourrir un levain, pétrir par rabats, façonner une boule et la cuire en cocotte pour une croûte qui chante. ' +
      'Un cours complet, filmé sur trois jours, pour ceux qui veulent enfin réussir leur propre pain de campagne.',
    teacher: CHEF_KEY,
    priceCents: 7900,
    isLive: false,
    isPremium: true,
    difficulty: 'advanced',
    durationMinutes: 110,
    cuisineType: 'Française',
    dietaryInfo: 'Végétalien; contient du gluten',
    allergens: ['gluten'],
    diets: ['vegetarian', 'vegan'],
    ageDays: 75,
    cover: {
      surface: { kind: 'linen', color: '#d6c7ad' },
      centre: 'loaf',
      props: ['wheat', 'flour', 'butter', 'chef-knife', 'wheat', 'flour'],
    },
  },
  {
    slug: 'risottos-et-gnocchis',
    title: 'Risottos et gnocchis de la nonna',
    description:
      'Un risotto aux champignons sauvages bien crémeux, sans crème, et des gnocchis de pommes de terre légers comme des nuages. ' +
      'Julien partage les gestes appris à Bologne et les erreurs à éviter.',
    teacher: GUEST_CHEF_KEY,
    priceCents: 3900,
    isLive: false,
    isPremium: false,
    difficulty: 'intermediate',
    durationMinutes: 65,
    cuisineType: 'Italienne',
    dietaryInfo: 'Végétarien; contient des produits laitiers',
    allergens: ['lactose'],
    diets: ['vegetarian'],
    ageDays: 50,
    cover: {
      surface: { kind: 'slate' },
      centre: {
        view: 'top',
        surface: { kind: 'slate' },
        vessel: 'bowl',
        vesselColor: '#e9e4da',
        base: ['#f1e2b8', '#d6bf86'],
        toppings: [
          { t: 'crumbs', colors: ['#fbf5e2', '#efe2bd'], count: 160, size: [4, 6] },
          { t: 'chunks', colors: ['#8a6a48', '#a07c56'], count: 9, size: [18, 24] },
          { t: 'chunks', colors: ['#fbf3da'], count: 6, size: [10, 14] },
          { t: 'leaves', color: '#4f8a3a', count: 6, size: [24, 30], spread: 0.6 },
        ],
      },
      props: ['parmesan', 'mushroom', 'garlic', 'herbs', 'onion', 'mushroom', 'wooden-spoon'],
    },
  },
  {
    slug: 'brunch-vegetarien',
    title: 'Brunch végétarien du dimanche',
    description:
      "Crêpes fines, œufs pochés parfaits, granola maison et salade de fruits à la menthe : un brunch complet, prêt en moins d'une heure. " +
      'Idéal pour recevoir sans passer la matinée en cuisine.',
    teacher: CHEF_KEY,
    priceCents: 2900,
    isLive: false,
    isPremium: false,
    difficulty: 'beginner',
    durationMinutes: 50,
    cuisineType: 'Végétarienne',
    dietaryInfo: 'Végétarien; contient des œufs, du gluten et des produits laitiers',
    allergens: ['gluten', 'lactose', 'eggs'],
    diets: ['vegetarian'],
    ageDays: 30,
    cover: {
      surface: { kind: 'linen', color: '#a9c1d6' },
      centre: dishOf('crepes-fines'),
      props: ['coffee', 'berries', 'egg', 'lemon', 'whisk', 'egg', 'berries'],
    },
  },
];

export const courses: SeedCourse[] = [...liveCourses, ...recordedCourses];
