// Every route of the spec's table. Pages load lazily, so each route ships only its own code.
// Declarative routing (useRoutes inside <BrowserRouter>) rather than a data router: the app loads
// no route data through the router, and the data router alone would add ~17 KB gzip to the first
// load of every page (DESIGN §6 budget). `lazy: page(...)` keeps one readable line per route (the
// bench script reads them); `toRouteObject` turns it into an element.
import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { BareLayout } from './layout/BareLayout';
import { RequireAdmin, RequireGuestChef, RequireSignedIn, RequireSubscriber } from './guards';

type LazyPage = ComponentType;
type AppRoute = Omit<RouteObject, 'lazy' | 'children' | 'index'> & { index?: boolean; lazy?: LazyPage; children?: AppRoute[] };

const page = (load: () => Promise<{ default: ComponentType }>): LazyPage => lazy(load);

const signedIn = (children: AppRoute[]): AppRoute => ({ element: <RequireSignedIn />, children });
const subscriber = (children: AppRoute[]): AppRoute => ({ element: <RequireSubscriber />, children });
const admin = (children: AppRoute[]): AppRoute => ({ element: <RequireAdmin />, children });
const guestChef = (children: AppRoute[]): AppRoute => ({ element: <RequireGuestChef />, children });

export const routes: AppRoute[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, lazy: page(() => import('../features/home/HomePage')) },
      { path: 'cours', lazy: page(() => import('../features/courses/CatalogPage')) },
      { path: 'cours/:courseId', lazy: page(() => import('../features/courses/CourseDetailPage')) },
      { path: 'recettes', lazy: page(() => import('../features/recipes/RecipeLibraryPage')) },
      { path: 'recettes/:recipeId', lazy: page(() => import('../features/recipes/RecipeDetailPage')) },
      { path: 'chefs', lazy: page(() => import('../features/chefs/ChefListPage')) },
      { path: 'chefs/:chefId', lazy: page(() => import('../features/chefs/ChefProfilePage')) },
      { path: 'faq', lazy: page(() => import('../features/static/FaqPage')) },
      { path: 'privacy-policy', lazy: page(() => import('../features/static/PrivacyPage')) },
      { path: 'terms-of-service', lazy: page(() => import('../features/static/TermsPage')) },
      { path: 'update-password', lazy: page(() => import('../features/auth/UpdatePasswordPage')) },
      { path: 'abonnement', lazy: page(() => import('../features/subscription/SubscriptionOfferPage')) },
      { path: 'abonnement-annule', element: <Navigate to="/abonnement" replace /> },
      // Both booking pages need an account and say so themselves (spec §5: the toast, then home).
      { path: 'reserver-un-cours', lazy: page(() => import('../features/booking/BookingHubPage')) },
      { path: 'booking/:courseId', lazy: page(() => import('../features/booking/BookingPage')) },
      // An e-mail's unsubscribe link: works signed out (the token says who).
      { path: 'desabonnement', lazy: page(() => import('../features/notifications/UnsubscribePage')) },
      signedIn([
        { path: 'favoris', lazy: page(() => import('../features/favorites/FavoritesPage')) },
        { path: 'account', lazy: page(() => import('../features/account/AccountPage')) },
        { path: 'mes-achats', lazy: page(() => import('../features/purchases/PurchasesPage')) },
        { path: 'offrir', lazy: page(() => import('../features/gift-cards/GiftCardPage')) },
        { path: 'calendrier', lazy: page(() => import('../features/calendar/CalendarPage')) },
        { path: 'enregistrements/:sessionId', lazy: page(() => import('../features/learning/RecordingPage')) },
        // The booking's own page (docs/decisions/0052): after paying a live class, from Mon Calendrier and Mes Achats.
        { path: 'reservations/:reservationId', lazy: page(() => import('../features/booking/ReservationPage')) },
        // After the chef cancelled a session: the card or « Crédit Toque » (the e-mail's button).
        { path: 'reservations/:reservationId/remboursement', lazy: page(() => import('../features/calendar/RefundChoicePage')) },
        { path: 'reservations/:reservationId/difference', lazy: page(() => import('../features/calendar/DifferencePaymentPage')) },
        // A booking offered by e-mail: the recipient signs in (or up) and accepts (docs/decisions/0051).
        { path: 'places-offertes/:transferId', lazy: page(() => import('../features/calendar/GiftOfferPage')) },
        { path: 'notifications', lazy: page(() => import('../features/notifications/NotificationsPage')) },
        { path: 'preferences', lazy: page(() => import('../features/notifications/PreferencesPage')) },
        { path: 'panier', lazy: page(() => import('../features/cart/CartPage')) },
        // Spec: goes to the dashboard — once the payment's event has made the person a subscriber
        // (until then it says the subscription is activating); a subscriber goes on at once.
        { path: 'abonnement-succes', lazy: page(() => import('../features/subscription/SubscriptionActivationPage')) },
      ]),
      subscriber([
        { path: 'abonne', lazy: page(() => import('../features/subscription/SubscriberDashboardPage')) },
        { path: 'abonne/tableau-de-bord', lazy: page(() => import('../features/subscription/SubscriberDashboardPage')) },
        // « Gérer mon abonnement » with the sandbox processor (Stripe's portal otherwise).
        { path: 'abonne/paiement', lazy: page(() => import('../features/subscription/PaymentMethodPage')) },
      ]),
      // The guest chef's own sessions and their rosters, read-only (issue 26, part C).
      guestChef([
        { path: 'mes-seances', lazy: page(() => import('../features/rosters/ChefSessionsPage')) },
        { path: 'mes-seances/:sessionId', lazy: page(() => import('../features/rosters/ChefRosterPage')) },
      ]),
      admin([
        { path: 'admin', lazy: page(() => import('../features/admin-overview/AdminOverviewPage')) },
        { path: 'admin/journal', lazy: page(() => import('../features/admin-journal/AdminJournalPage')) },
        { path: 'admin/reservations', lazy: page(() => import('../features/admin-bookings/AdminBookingsPage')) },
        { path: 'admin/seances/:sessionId', lazy: page(() => import('../features/rosters/AdminRosterPage')) },
        { path: 'admin/commandes', lazy: page(() => import('../features/admin-orders/AdminOrdersPage')) },
        { path: 'admin/commandes/:orderId', lazy: page(() => import('../features/admin-orders/AdminOrderPage')) },
        { path: 'admin/clients', lazy: page(() => import('../features/admin-clients/AdminClientsPage')) },
        { path: 'admin/clients/:userId', lazy: page(() => import('../features/admin-clients/AdminClientPage')) },
        { path: 'admin/membres', lazy: page(() => import('../features/admin-clients/AdminMembersPage')) },
        { path: 'admin/ventes', lazy: page(() => import('../features/admin-sales/AdminSalesPage')) },
        { path: 'admin/cartes-cadeaux', lazy: page(() => import('../features/gift-cards/AdminGiftCardsPage')) },
        { path: 'admin/comptabilite', lazy: page(() => import('../features/admin-books/AdminBooksPage')) },
        { path: 'admin/courriels', lazy: page(() => import('../features/admin-outbox/AdminOutboxPage')) },
        { path: 'admin/recettes', lazy: page(() => import('../features/admin-recipes/AdminRecipesPage')) },
        { path: 'admin/codes-promo', lazy: page(() => import('../features/admin-promo-codes/AdminPromoCodesPage')) },
        { path: 'admin/cours', lazy: page(() => import('../features/admin-courses/AdminCoursesPage')) },
        { path: 'admin/cours/nouveau', lazy: page(() => import('../features/admin-courses/AdminCourseEditPage')) },
        { path: 'admin/cours/:courseId', lazy: page(() => import('../features/admin-courses/AdminCourseEditPage')) },
        { path: 'mon-profil-chef', lazy: page(() => import('../features/chefs/OwnChefProfilePage')) },
      ]),
      { path: '*', lazy: page(() => import('./layout/NotFoundPage')) },
    ],
  },
  {
    // Payment screens render bare, without header, footer or navigation (spec: layout).
    element: <BareLayout />,
    children: [
      signedIn([
        { path: 'payment/subscription', lazy: page(() => import('../features/subscription/SubscriptionPaymentPage')) },
        { path: 'payment/:courseId', lazy: page(() => import('../features/payment/PaymentPage')) },
      ]),
      { path: 'payment-result', lazy: page(() => import('../features/payment/PaymentResultPage')) },
    ],
  },
];

function toRouteObject({ lazy: Page, children, index, ...rest }: AppRoute): RouteObject {
  const element = Page ? <Page /> : rest.element;
  if (index) return { ...rest, index: true, element };
  return { ...rest, element, children: children?.map(toRouteObject) };
}

const routeObjects = routes.map(toRouteObject);

/** The page for the current URL, inside its layout (render within <BrowserRouter>). */
export function AppRoutes() {
  return useRoutes(routeObjects);
}
