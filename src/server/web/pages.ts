// What the server knows about each SPA route for the first HTML: its head (title, description,
// Open Graph, JSON-LD), its initial data (the API answers the page would fetch, keyed by API path
// without /api, as the client's useApiQuery reads them), its page chunk and its main image.
// The routes mirror src/client/app/router.tsx.
import type { Viewer } from '@shared/access';
import { CHEF_DEFAULT_BIO, CHEF_DEFAULT_SPECIALTY, COURSE_FORMAT_LABELS, RECIPE_CATEGORY_LABELS } from '@shared/catalog';
import { COMING_SOON_LABEL } from '@shared/entitlements';
import { formatPrice } from '@shared/format';
import { SIGNED_IN_READS } from '@shared/initial-data';
import { MAIN_IMAGES } from '@shared/media';
import { recipeListQuery } from '@shared/schemas/public';
import { BOOKING_POLICY_PATH } from '@shared/schemas/transfers';
import { AppError } from '../http/app-error';
import type { PublicServices } from '../modules/services';
import type { ImagePreload, PageHead } from './seo/head';
import { summarize } from './seo/head';
import { mainImage, siteOgImage, type ImageSizeReader } from './seo/images';
import * as ld from './seo/json-ld';

export type PageContext = {
  base: string;
  services: PublicServices;
  viewer: Viewer;
  sizeOf: ImageSizeReader;
};

export type ResolvedPage = {
  status: 200 | 404;
  head: Omit<PageHead, 'preloads' | 'imagePreload'>;
  imagePreload?: ImagePreload;
  data?: Record<string, unknown>;
  /** The page's module as Vite's manifest names it (path under src/client); null for none. */
  module: string | null;
  /**
   * The public pages a visitor's HTML carries already rendered (routes.ts, entry-server.tsx): their
   * first screen paints before any script runs. Signed-in people get the shell: their pages differ.
   */
  prerender?: boolean;
  /** A signed-in person's page the server renders for them with the answers of its first reads. */
  signedIn?: SignedInRender;
};

/**
 * What the server needs to send a signed-in page already rendered (routes.ts, docs/decisions/0045):
 * without it, the page painted only once its code had loaded, run, asked the API and heard back.
 */
export type SignedInRender = {
  /**
   * Whose page it is: the admin (a viewer has role 'admin' only once the session gave the second
   * factor) or the guest chef. Anyone else gets the shell, whose code sends them where they belong.
   */
  role: 'admin' | 'chef';
  /** The API reads its first screen makes besides /api/me (paths without /api: SIGNED_IN_READS). */
  reads: string[];
  /** The lazy parts that screen renders beside the page's chunk, fetched with it (Vite manifest keys). */
  modules: string[];
};

type Loader = (ctx: PageContext, params: Record<string, string>) => Promise<ResolvedPage>;


const SUFFIX = ' | Toque';
const HOME_TITLE = 'Toque — Cours de cuisine en ligne avec une cheffe québécoise';
const HOME_DESCRIPTION =
  'Cours de cuisine en direct et en vidéo avec une cheffe québécoise, une bibliothèque de recettes françaises et un abonnement mensuel à 19,99 CAD.';

export const NOT_FOUND_TITLE = 'Page introuvable';

const MODULES = {
  home: 'features/home/HomePage.tsx',
  catalog: 'features/courses/CatalogPage.tsx',
  course: 'features/courses/CourseDetailPage.tsx',
  recipes: 'features/recipes/RecipeLibraryPage.tsx',
  recipe: 'features/recipes/RecipeDetailPage.tsx',
  chefs: 'features/chefs/ChefListPage.tsx',
  chef: 'features/chefs/ChefProfilePage.tsx',
  notFound: 'app/layout/NotFoundPage.tsx',
} as const;

function plainHead(ctx: PageContext, path: string, title: string, description: string): ResolvedPage['head'] {
  return {
    title,
    description,
    canonical: `${ctx.base}${path}`,
    ogType: 'website',
    image: siteOgImage(ctx.base),
  };
}

/** The answer for an unknown address or a missing course, recipe or chef: status 404, not indexed. */
export function notFoundPage(ctx: PageContext, module: string = MODULES.notFound): ResolvedPage {
  return {
    status: 404,
    module,
    // A missing course, recipe or chef is its page's own error state, drawn once its request fails.
    prerender: module === MODULES.notFound,
    head: {
      title: `${NOT_FOUND_TITLE}${SUFFIX}`,
      description: "La page demandée n'existe pas ou n'est plus disponible sur Toque.",
      ogType: 'website',
      noindex: true,
      image: siteOgImage(ctx.base),
    },
  };
}

/** Runs a detail loader; a *_NOT_FOUND from the service becomes the 404 page of that route. */
function orNotFound(module: string, load: Loader): Loader {
  return async (ctx, params) => {
    try {
      return await load(ctx, params);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return notFoundPage(ctx, module);
      throw err;
    }
  };
}

const home: Loader = async (ctx) => {
  const data = await ctx.services.home.get(ctx.viewer);
  // The hero shows the next live course's photo, else the newest recipe's, on wide screens only.
  const heroSrc = data.courses[0]?.imageUrl ?? data.recipes[0]?.imageUrl;
  const { sizes, media } = MAIN_IMAGES.homeHero;
  const { preload } = await mainImage(ctx.base, ctx.sizeOf, heroSrc, '', sizes, media);
  return {
    status: 200,
    module: MODULES.home,
    prerender: true,
    data: { '/home': data },
    imagePreload: preload,
    head: {
      ...plainHead(ctx, '/', HOME_TITLE, HOME_DESCRIPTION),
      jsonLd: [ld.organization(ctx.base), ld.website(ctx.base)],
    },
  };
};

const catalog: Loader = async (ctx) => ({
  status: 200,
  module: MODULES.catalog,
  prerender: true,
  data: { '/courses': { courses: await ctx.services.courses.list({}, ctx.viewer) } },
  head: plainHead(
    ctx,
    '/cours',
    `Cours de cuisine en direct et en vidéo${SUFFIX}`,
    'Parcourez nos cours de cuisine en direct et enregistrés : filtrez par cuisine, niveau, chef et format, puis réservez votre place en ligne.',
  ),
});

const course: Loader = orNotFound(MODULES.course, async (ctx, { id }) => {
  const c = await ctx.services.courses.detail(id!, ctx.viewer);
  const { og: image, preload } = await mainImage(ctx.base, ctx.sizeOf, c.imageUrl, c.title, MAIN_IMAGES.course.sizes);
  const kind = c.isLive ? COURSE_FORMAT_LABELS.live.toLowerCase() : 'en vidéo';
  return {
    status: 200,
    module: MODULES.course,
    prerender: true,
    data: { [`/courses/${c.id}`]: { course: c } },
    imagePreload: preload,
    head: {
      title: `${c.title} — Cours ${kind}${SUFFIX}`,
      // The visitor's answer (shared/entitlements.ts): « Bientôt disponible » rather than a price for what cannot be bought yet.
      description: summarize(`${c.description} ${c.entitlement.status === 'coming_soon' ? COMING_SOON_LABEL : formatPrice(c.priceCents)}.`),
      canonical: `${ctx.base}/cours/${c.id}`,
      ogType: 'website',
      image,
      jsonLd: ld.courseGraph(ctx.base, c, image.url),
    },
  };
});

const recipesPage: Loader = async (ctx) => ({
  status: 200,
  module: MODULES.recipes,
  prerender: true,
  data: { '/recipes': await ctx.services.recipes.list(recipeListQuery.parse({})) },
  head: plainHead(
    ctx,
    '/recettes',
    `Bibliothèque de Recettes${SUFFIX}`,
    'Des recettes traditionnelles françaises et québécoises : entrées, plats principaux, desserts et boissons, avec leurs ingrédients et leurs étapes.',
  ),
});

const recipe: Loader = orNotFound(MODULES.recipe, async (ctx, { id }) => {
  const [r, author] = await Promise.all([ctx.services.recipes.detail(id!, ctx.viewer), ctx.services.chefs.siteChef()]);
  const { og: image, preload } = await mainImage(ctx.base, ctx.sizeOf, r.imageUrl, r.name, MAIN_IMAGES.recipe.sizes);
  return {
    status: 200,
    module: MODULES.recipe,
    prerender: true,
    data: { [`/recipes/${r.id}`]: { recipe: r } },
    imagePreload: preload,
    head: {
      title: `${r.name} — ${RECIPE_CATEGORY_LABELS[r.category]}${SUFFIX}`,
      description: summarize(r.description || `${r.name} : une recette de Toque.`),
      canonical: `${ctx.base}/recettes/${r.id}`,
      ogType: 'article',
      image,
      jsonLd: [ld.recipe(ctx.base, r, image.url, author)],
    },
  };
});

const chefs: Loader = async (ctx) => ({
  status: 200,
  module: MODULES.chefs,
  prerender: true,
  data: { '/chefs': { chefs: await ctx.services.chefs.list() } },
  head: plainHead(
    ctx,
    '/chefs',
    `Nos Chefs${SUFFIX}`,
    'Découvrez les chefs de Toque, leur spécialité et les cours de cuisine en ligne qu’ils donnent.',
  ),
});

const chef: Loader = orNotFound(MODULES.chef, async (ctx, { id }) => {
  const answer = await ctx.services.chefs.detail(id!, ctx.viewer);
  const person = answer.chef;
  const specialty = person.specialty || CHEF_DEFAULT_SPECIALTY;
  const bio = person.bio || CHEF_DEFAULT_BIO;
  const { og: image, preload } = await mainImage(ctx.base, ctx.sizeOf, person.avatarUrl, person.fullName, MAIN_IMAGES.chef.sizes);
  const path = `/chefs/${encodeURIComponent(person.id)}`;
  return {
    status: 200,
    module: MODULES.chef,
    prerender: true,
    data: { [path]: answer },
    imagePreload: preload,
    head: {
      title: `${person.fullName} — ${specialty}${SUFFIX}`,
      description: summarize(bio),
      canonical: `${ctx.base}${path}`,
      ogType: 'profile',
      image,
      jsonLd: [ld.chefPerson(ctx.base, person, image.url, specialty, bio)],
    },
  };
});

/** Public pages without data: their own title and description, indexed, rendered by the server. */
export const STATIC_PAGES = [
  {
    path: '/faq',
    module: 'features/static/FaqPage.tsx',
    title: `Foire aux questions${SUFFIX}`,
    description:
      'Cours en direct, matériel, annulation et remboursement, cours manqués et recettes : les réponses à vos questions.',
  },
  {
    path: '/privacy-policy',
    module: 'features/static/PrivacyPage.tsx',
    title: `Politique de confidentialité${SUFFIX}`,
    description: 'Comment Toque recueille, utilise et protège vos renseignements personnels, et comment exercer vos droits.',
  },
  {
    path: '/terms-of-service',
    module: 'features/static/TermsPage.tsx',
    title: `Conditions d’utilisation${SUFFIX}`,
    description: 'Les conditions d’utilisation de Toque : compte, achats de cours, cours en direct, politique d’annulation et abonnement.',
  },
  {
    path: '/abonnement',
    module: 'features/subscription/SubscriptionOfferPage.tsx',
    title: `Abonnement mensuel à 19,99 CAD${SUFFIX}`,
    description:
      'Recettes illimitées, tous les cours enregistrés, rabais sur les cours en direct, contenu bonus et soutien prioritaire : l’abonnement Toque à 19,99 CAD par mois.',
  },
] as const;

/** The header's parts for a signed-in person (app/layout/Header.tsx loads them lazily). */
const SIGNED_IN_HEADER = [
  'app/layout/UserMenu.tsx',
  'features/cart/components/HeaderCartLink.tsx',
  'features/notifications/components/HeaderNotificationsLink.tsx',
];
/** The admin area's door (app/guards.tsx): it opens on the status read with the page. */
const ADMIN_DOOR = [...SIGNED_IN_HEADER, 'features/second-factor/SecondFactorGate.tsx'];

/** Pages for one person (account, cart, payment…) or not yet built: served, never indexed. */
const PRIVATE_PAGES: { path: string; module: string | null; title: string; signedIn?: (params: Record<string, string>) => SignedInRender }[] = [
  { path: '/update-password', module: 'features/auth/UpdatePasswordPage.tsx', title: 'Nouveau mot de passe' },
  { path: '/reserver-un-cours', module: 'features/booking/BookingHubPage.tsx', title: 'Réserver un cours' },
  // Waits for the membership's activation, then the dashboard.
  { path: '/abonnement-succes', module: 'features/subscription/SubscriptionActivationPage.tsx', title: 'Activation de votre abonnement' },
  // A redirect in the client (no page chunk of its own).
  { path: '/abonnement-annule', module: null, title: 'Abonnement' },
  { path: '/booking/:id', module: 'features/booking/BookingPage.tsx', title: 'Réservez votre cours' },
  { path: '/favoris', module: 'features/favorites/FavoritesPage.tsx', title: 'Mes Favoris' },
  { path: '/account', module: 'features/account/AccountPage.tsx', title: 'Mon Compte' },
  { path: '/mes-achats', module: 'features/purchases/PurchasesPage.tsx', title: 'Mes Achats' },
  { path: '/calendrier', module: 'features/calendar/CalendarPage.tsx', title: 'Mon Calendrier' },
  { path: '/enregistrements/:id', module: 'features/learning/RecordingPage.tsx', title: 'Enregistrement de la séance' },
  { path: '/reservations/:id', module: 'features/booking/ReservationPage.tsx', title: 'Ma réservation' },
  { path: '/reservations/:id/remboursement', module: 'features/calendar/RefundChoicePage.tsx', title: 'Choisir mon remboursement' },
  { path: '/reservations/:id/difference', module: 'features/calendar/DifferencePaymentPage.tsx', title: 'Payer la différence' },
  { path: '/places-offertes/:id', module: 'features/calendar/GiftOfferPage.tsx', title: 'Place offerte' },
  { path: '/notifications', module: 'features/notifications/NotificationsPage.tsx', title: 'Notifications' },
  { path: '/preferences', module: 'features/notifications/PreferencesPage.tsx', title: 'Préférences' },
  // An e-mail's unsubscribe link (signed out too): not indexed, like the private pages.
  { path: '/desabonnement', module: 'features/notifications/UnsubscribePage.tsx', title: 'Désabonnement' },
  { path: '/panier', module: 'features/cart/CartPage.tsx', title: 'Mon Panier' },
  // « Offrir un cours »: a gift card is bought signed in, like a course (not indexed).
  { path: '/offrir', module: 'features/gift-cards/GiftCardPage.tsx', title: 'Offrir un cours' },
  { path: '/abonne', module: 'features/subscription/SubscriberDashboardPage.tsx', title: 'Espace Abonné' },
  { path: '/abonne/tableau-de-bord', module: 'features/subscription/SubscriberDashboardPage.tsx', title: 'Espace Abonné' },
  { path: '/abonne/paiement', module: 'features/subscription/PaymentMethodPage.tsx', title: 'Gérer mon abonnement' },
  {
    path: '/admin',
    module: 'features/admin-overview/AdminOverviewPage.tsx',
    title: 'Aperçu — Tableau de Bord Admin',
    signedIn: () => ({ role: 'admin', reads: [SIGNED_IN_READS.secondFactor, SIGNED_IN_READS.overview], modules: ADMIN_DOOR }),
  },
  { path: '/admin/journal', module: 'features/admin-journal/AdminJournalPage.tsx', title: 'Journal — Tableau de Bord Admin' },
  { path: '/admin/reservations', module: 'features/admin-bookings/AdminBookingsPage.tsx', title: 'Réservations — Tableau de Bord Admin' },
  {
    path: '/admin/seances/:id',
    module: 'features/rosters/AdminRosterPage.tsx',
    title: 'Liste des participants',
    signedIn: ({ id }) => ({
      role: 'admin',
      reads: [SIGNED_IN_READS.secondFactor, SIGNED_IN_READS.adminRoster(id!)],
      modules: [...ADMIN_DOOR, 'features/rosters/components/RosterVideo.tsx'],
    }),
  },
  { path: '/mes-seances', module: 'features/rosters/ChefSessionsPage.tsx', title: 'Mes séances' },
  {
    path: '/mes-seances/:id',
    module: 'features/rosters/ChefRosterPage.tsx',
    title: 'Liste des participants',
    signedIn: ({ id }) => ({ role: 'chef', reads: [SIGNED_IN_READS.chefRoster(id!)], modules: SIGNED_IN_HEADER }),
  },
  { path: '/admin/commandes', module: 'features/admin-orders/AdminOrdersPage.tsx', title: 'Commandes' },
  { path: '/admin/commandes/:id', module: 'features/admin-orders/AdminOrderPage.tsx', title: 'Commande' },
  { path: '/admin/clients', module: 'features/admin-clients/AdminClientsPage.tsx', title: 'Clients — Tableau de Bord Admin' },
  { path: '/admin/clients/:id', module: 'features/admin-clients/AdminClientPage.tsx', title: 'Client' },
  { path: '/admin/membres', module: 'features/admin-clients/AdminMembersPage.tsx', title: 'Membres — Tableau de Bord Admin' },
  { path: '/admin/ventes', module: 'features/admin-sales/AdminSalesPage.tsx', title: 'Ventes — Tableau de Bord Admin' },
  { path: '/admin/cartes-cadeaux', module: 'features/gift-cards/AdminGiftCardsPage.tsx', title: 'Cartes-cadeaux — Tableau de Bord Admin' },
  { path: '/admin/comptabilite', module: 'features/admin-books/AdminBooksPage.tsx', title: 'Comptabilité — Tableau de Bord Admin' },
  { path: '/admin/courriels', module: 'features/admin-outbox/AdminOutboxPage.tsx', title: 'Courriels envoyés' },
  { path: '/admin/recettes', module: 'features/admin-recipes/AdminRecipesPage.tsx', title: 'Recettes — Tableau de Bord Admin' },
  { path: '/admin/codes-promo', module: 'features/admin-promo-codes/AdminPromoCodesPage.tsx', title: 'Codes promo — Tableau de Bord Admin' },
  { path: '/admin/cours', module: 'features/admin-courses/AdminCoursesPage.tsx', title: 'Cours — Tableau de Bord Admin' },
  { path: '/admin/cours/nouveau', module: 'features/admin-courses/AdminCourseEditPage.tsx', title: 'Créer un cours' },
  { path: '/admin/cours/:id', module: 'features/admin-courses/AdminCourseEditPage.tsx', title: 'Modifier le cours' },
  { path: '/mon-profil-chef', module: 'features/chefs/OwnChefProfilePage.tsx', title: 'Mon profil de chef' },
  { path: '/payment/subscription', module: 'features/subscription/SubscriptionPaymentPage.tsx', title: "Paiement de l'abonnement" },
  { path: '/payment/:id', module: 'features/payment/PaymentPage.tsx', title: 'Finalisez votre réservation' },
  { path: '/payment-result', module: 'features/payment/PaymentResultPage.tsx', title: 'Résultat du paiement' },
];

/** The configured facts a static page prints (the privacy officer), so its first render needs no request. */
async function staticData(ctx: PageContext, path: string): Promise<Record<string, unknown> | undefined> {
  if (path === '/privacy-policy') return { '/legal/privacy': ctx.services.privacyInfo() };
  // The FAQ and the terms state the school's « Politique d'annulation » hours.
  if (path === '/faq' || path === '/terms-of-service') return { [BOOKING_POLICY_PATH]: { policy: await ctx.services.bookingPolicy() } };
  return undefined;
}

export const PAGE_ROUTES: [pattern: string, load: Loader][] = [
  ['/', home],
  ['/cours', catalog],
  ['/cours/:id', course],
  ['/recettes', recipesPage],
  ['/recettes/:id', recipe],
  ['/chefs', chefs],
  ['/chefs/:id', chef],
  ...STATIC_PAGES.map(
    (p): [string, Loader] => [
      p.path,
      async (ctx) => ({ status: 200, module: p.module, prerender: true, head: plainHead(ctx, p.path, p.title, p.description), data: await staticData(ctx, p.path) }),
    ],
  ),
  ...PRIVATE_PAGES.map(
    (p): [string, Loader] => [
      p.path,
      async (ctx, params) => ({
        status: 200,
        module: p.module,
        head: { ...(plainHead(ctx, p.path, `${p.title}${SUFFIX}`, HOME_DESCRIPTION)), canonical: undefined, noindex: true },
        signedIn: p.signedIn?.(params),
      }),
    ],
  ),
];
