// Builds the HTTP application from its dependencies. No I/O happens here; index.ts boots it.
import { Hono } from 'hono';
import { ERROR_MESSAGES } from '@shared/errors';
import type { Deps } from './deps';
import { migrationsDir } from './db/paths';
import { createObservability } from './http/observability/observability';
import { countingErrors, observeRequests } from './http/observability/observe';
import { operationsRoutes } from './http/observability/routes';
import type { AppEnv } from './http/app-env';
import { originPolicy, sameOriginOnly } from './http/csrf';
import { errorAnswer, errorHandler } from './http/error-handler';
import { jsonOnly } from './http/json-only';
import { securityHeaders } from './http/security-headers';
import { createMailer, type Mailer } from './integrations/mail/mailer';
import { createPaymentProvider } from './integrations/payments';
import { createAuth } from './modules/auth/auth';
import { authRoutes, meRoutes } from './modules/auth/routes';
import { createAccountService } from './modules/auth/service';
import { ACCOUNT_MULTIPART_ROUTES, accountRoutes } from './modules/account/routes';
import { creditRoutes } from './modules/credit/routes';
import { createUploadLimits } from './modules/account/rate-limits';
import { createAccountProfileService } from './modules/account/service';
import { adminRoutes } from './modules/admin/routes';
import { adminBookingRoutes } from './modules/admin-bookings/routes';
import { adminClientRoutes, adminMemberRoutes } from './modules/admin-clients/routes';
import { createAdminClientService } from './modules/admin-clients/service';
import { createAdminBookingService } from './modules/admin-bookings/service';
import { adminSalesRoutes } from './modules/admin-sales/routes';
import { adminBooksRoutes } from './modules/books/routes';
import { createBooksService } from './modules/books/service';
import { createSalesService } from './modules/admin-sales/service';
import { adminOverviewRoutes } from './modules/admin-overview/routes';
import { createOverviewService } from './modules/admin-overview/service';
import { adminJournalRoutes } from './modules/admin-journal/routes';
import { createJournalService } from './modules/admin-journal/service';
import { ADMIN_COURSE_MULTIPART_ROUTES, ADMIN_COURSE_RAW_ROUTES, adminCourseRoutes } from './modules/admin-courses/routes';
import { createAdminCourseService } from './modules/admin-courses/service';
import { ADMIN_RECIPE_MULTIPART_ROUTES, adminRecipeRoutes } from './modules/admin-recipes/routes';
import { adminPromoCodeRoutes } from './modules/promo-codes/routes';
import { createPromoCodeService } from './modules/promo-codes/service';
import { createAdminRecipeService } from './modules/admin-recipes/service';
import { createBookingPageService } from './modules/booking/booking-page';
import { bookingRoutes } from './modules/booking/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { createWaitlistService } from './modules/waitlist/service';
import { movedCancelRoutes } from './modules/booking/moved-cancel-routes';
import { createReservationService } from './modules/booking/reservations';
import { createTransferService } from './modules/booking/transfers';
import { bookingPolicyRoutes, cancellationPolicyRoutes, giftLinkRoutes } from './modules/booking/transfer-routes';
import { minimumPolicyRoutes } from './modules/minimum-enrolment/policy-routes';
import { createBookingService } from './modules/booking/service';
import { createFeedLimits } from './modules/calendar/feed-limits';
import { calendarRoutes } from './modules/calendar/routes';
import { createCalendarService } from './modules/calendar/service';
import { checkoutRoutes, orderRoutes } from './modules/checkout/routes';
import { createCheckoutService } from './modules/checkout/service';
import { createAdminService } from './modules/admin/service';
import { chefRoutes } from './modules/chefs/routes';
import { courseRoutes } from './modules/courses/routes';
import { emailPreferenceRoutes, UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_FORM_ROUTE, unsubscribeRoutes } from './modules/email-preferences/routes';
import { createEmailPreferenceService } from './modules/email-preferences/service';
import { favoriteRoutes } from './modules/favorites/routes';
import { createFavoriteService } from './modules/favorites/service';
import { homeRoutes } from './modules/home/routes';
import { learningCourseRoutes, recordingRoutes } from './modules/learning/routes';
import { createLearningService } from './modules/learning/service';
import { notificationRoutes } from './modules/notifications/routes';
import { createNotificationService } from './modules/notifications/service';
import { paymentRoutes, WEBHOOK_PATH } from './modules/payments/routes';
import { createPaymentService } from './modules/payments/service';
import { createPurchaseService } from './modules/purchases/service';
import { purchaseRoutes } from './modules/purchases/routes';
import { creditNoteRoutes, receiptRoutes } from './modules/receipts/routes';
import { createReceiptService } from './modules/receipts/service';
import { documentRoutes } from './modules/receipts/document-routes';
import { adminGiftCardRoutes, giftCardDocumentRoutes, giftCardRoutes } from './modules/gift-cards/routes';
import { createGiftCardService } from './modules/gift-cards/service';
import { privacyRoutes } from './modules/privacy/routes';
import { recipeRoutes } from './modules/recipes/routes';
import { adminRosterRoutes, chefRosterRoutes } from './modules/rosters/routes';
import { createRosterService } from './modules/rosters/service';
import { minimumLinkRoutes } from './modules/minimum-enrolment/link-routes';
import { adminMinimumRoutes } from './modules/minimum-enrolment/routes';
import { createMinimumEnrolment } from './modules/minimum-enrolment/service';
import { ADMIN_SESSION_RAW_ROUTES, adminSessionRoutes } from './modules/sessions/routes';
import { createSessionService } from './modules/sessions/service';
import { createPrepKitService } from './modules/prep-kit/service';
import { prepKitRoutes } from './modules/prep-kit/routes';
import { adminOrderRoutes } from './modules/refunds/routes';
import { createRefundService } from './modules/refunds/service';
import { createPublicServices } from './modules/services';
import { membershipPlansRoutes, membershipSettingsRoutes, subscriptionRoutes } from './modules/subscriptions/routes';
import { secondFactorRoutes } from './modules/second-factor/routes';
import { createSecondFactorService } from './modules/second-factor/service';
import { createSubscriptionService } from './modules/subscriptions/service';
import { mediaRoutes } from './web/media';
import { createRealtime, type Realtime } from './realtime/realtime';
import { eventRoutes } from './realtime/routes';
import { createPublicCache, servePublicCache } from './web/public-cache';
import { webRoutes } from './web/routes';

/**
 * `realtime`: index.ts passes the instance it started (and stops); tests may pass theirs. `mailer`:
 * index.ts passes the one whose last e-mails its shutdown waits for; tests too.
 */
export function createApp(deps: Deps, realtime: Realtime = createRealtime(deps), mailer: Mailer = createMailer(deps.config, deps.database.db, deps.logger)) {
  const app = new Hono<AppEnv>();
  const auth = createAuth(deps);
  const accounts = createAccountService(deps, auth);
  const paymentProvider = createPaymentProvider(deps);
  const observability = deps.observability ?? createObservability();
  observability.metrics.countEventStreams(() => realtime.hub.size);
  observability.metrics.countPoolConnections(() => deps.database.connections?.());
  // First of all: each request's id, metrics and access-log line (public-cache hits included);
  // then the probes and metrics, answered before anything reads a session or the database.
  app.use(observeRequests(observability, { logger: deps.logger, trustedProxies: deps.config.trustedProxies }));
  app.route('/', operationsRoutes(observability, { database: deps.database, migrationsDir: migrationsDir(deps.config), metricsToken: deps.config.metricsToken, logger: deps.logger }));
  // Before the cache: it tells visitors (no session cookie, shared answers) from signed-in people.
  app.use(async (c, next) => {
    c.set('viewerSource', accounts.viewerSource);
    await next();
  });
  // Then: a visitor's public GET found in the cache is answered before anything else runs.
  app.use(servePublicCache(createPublicCache()));
  app.use(securityHeaders(deps.config));
  app.onError(countingErrors(observability, errorHandler(deps.logger, { database: deps.database })));

  const services = createPublicServices(deps);
  const api = new Hono<AppEnv>();
  // Every state-changing call, auth included; the exceptions are authorised by a signature, not a
  // cookie: the payment webhook, and e-mails' one-click unsubscribe (posted by mail providers).
  api.use(sameOriginOnly(originPolicy(deps.config), { exempt: [WEBHOOK_PATH, UNSUBSCRIBE_API_PATH] }));
  // Then the body's type: JSON everywhere, multipart only where a file is uploaded (else 415).
  api.use(jsonOnly({ multipart: [...ACCOUNT_MULTIPART_ROUTES, ...ADMIN_RECIPE_MULTIPART_ROUTES, ...ADMIN_COURSE_MULTIPART_ROUTES], raw: [...ADMIN_COURSE_RAW_ROUTES, ...ADMIN_SESSION_RAW_ROUTES, UNSUBSCRIBE_FORM_ROUTE], ownLimit: [WEBHOOK_PATH] }));
  // Feature modules register their routes here.
  api.route('/auth', authRoutes(deps, auth, mailer));
  api.route('/me', meRoutes(accounts));
  api.route('/home', homeRoutes(services.home));
  // Before the public course routes: the player's answers differ per viewer and are never cached.
  const learning = createLearningService(deps);
  api.route('/courses', learningCourseRoutes(learning));
  api.route('/courses', courseRoutes(services.courses));
  api.route('/recipes', recipeRoutes(services.recipes));
  api.route('/chefs', chefRoutes(services.chefs));
  // Signed-in only (each group's guard answers 401 to a visitor, 403 to a wrong role).
  api.route('/account/credit', creditRoutes(deps));
  api.route('/account', accountRoutes(createAccountProfileService(deps), createUploadLimits(deps.database.db)));
  api.route('/favorites', favoriteRoutes(createFavoriteService(deps)));
  api.route('/admin', adminRoutes(createAdminService(deps)));
  const giftCards = createGiftCardService(deps, paymentProvider);
  // « Carte-cadeau ou code promo »: a code that is no promo code is redeemed as a gift card to the buyer's credit.
  const checkout = createCheckoutService(deps, paymentProvider, { giftCards: giftCards.redemption });
  api.route('/checkout', checkoutRoutes(checkout));
  api.route('/orders', orderRoutes(checkout));
  api.route('/payments', paymentRoutes(createPaymentService(deps, paymentProvider), paymentProvider, () => deps.database.db));
  const receipts = createReceiptService(deps);
  api.route('/orders', receiptRoutes(receipts));
  api.route('/refunds', creditNoteRoutes(receipts));
  api.route('/purchases', purchaseRoutes(createPurchaseService(deps)));
  api.route('/gift-cards', giftCardRoutes(giftCards));
  api.route('/admin/gift-cards', adminGiftCardRoutes(giftCards));
  api.route('/admin/orders', adminOrderRoutes(createRefundService(deps, paymentProvider)));
  const sales = createSalesService(deps);
  api.route('/admin/sales', adminSalesRoutes(sales));
  api.route('/admin/books', adminBooksRoutes(createBooksService(deps)));
  api.route('/admin/overview', adminOverviewRoutes(createOverviewService(deps, sales)));
  api.route('/admin/journal', adminJournalRoutes(createJournalService(deps)));
  const adminClients = createAdminClientService(deps);
  api.route('/admin/clients', adminClientRoutes(adminClients));
  api.route('/admin/members', adminMemberRoutes(adminClients));
  api.route('/admin/recipes', adminRecipeRoutes(createAdminRecipeService(deps)));
  api.route('/admin/promo-codes', adminPromoCodeRoutes(createPromoCodeService(deps)));
  api.route('/admin/courses', adminCourseRoutes(createAdminCourseService(deps)));
  const memberships = createSubscriptionService(deps, paymentProvider);
  api.route('/subscription', subscriptionRoutes(memberships));
  api.route('/membership', membershipPlansRoutes(memberships));
  api.route('/admin/membership', membershipSettingsRoutes(memberships));
  api.route('/waitlist', waitlistRoutes(createWaitlistService(deps)));
  const transfers = createTransferService(deps, paymentProvider);
  api.route('/booking', bookingRoutes(createBookingService(deps), createReservationService(deps, paymentProvider), transfers, createBookingPageService(deps)));
  api.route('/transfers', giftLinkRoutes(transfers));
  api.route('/admin/cancellation-policy', cancellationPolicyRoutes(deps));
  api.route('/legal/booking-policy', bookingPolicyRoutes(services));
  api.route('/admin/minimum-policy', minimumPolicyRoutes(deps));
  api.route('/admin/sessions', adminSessionRoutes(createSessionService(deps, paymentProvider)));
  api.route('/admin/sessions', prepKitRoutes(createPrepKitService(deps)));
  // A session under its minimum: « Maintenir la séance » / « Annuler la séance » (docs/decisions/0048).
  const minimum = createMinimumEnrolment(deps, paymentProvider);
  api.route('/admin/sessions', adminMinimumRoutes(minimum));
  api.route('/admin/reservations', adminBookingRoutes(createAdminBookingService(deps)));
  const rosters = createRosterService(deps);
  api.route('/admin/sessions', adminRosterRoutes(rosters));
  api.route('/chef', chefRosterRoutes(rosters));
  api.route('/recordings', recordingRoutes(learning));
  api.route('/calendar', calendarRoutes(createCalendarService(deps, createFeedLimits(deps.database.db))));
  api.route('/notifications', notificationRoutes(createNotificationService(deps)));
  const emailPreferences = createEmailPreferenceService(deps);
  api.route('/account/email-preferences', emailPreferenceRoutes(emailPreferences));
  api.route('/account/second-factor', secondFactorRoutes(createSecondFactorService(deps)));
  api.route('/unsubscribe', unsubscribeRoutes(emailPreferences));
  api.route('/', privacyRoutes(deps, paymentProvider));
  api.route('/events', eventRoutes(realtime));
  api.all('*', (c) => errorAnswer(c, 404, 'ROUTE_NOT_FOUND', ERROR_MESSAGES.ROUTE_NOT_FOUND));
  app.route('/api', api);

  app.route('/media', mediaRoutes(deps));
  // A person's receipts and credit notes as pages (e-mails' signed links, Mes Achats).
  app.route('/documents', documentRoutes(receipts, deps));
  app.route('/documents', giftCardDocumentRoutes(giftCards, deps));
  // The « séance déplacée » e-mail's signed cancel link (a page, then its form's POST).
  app.route('/reservations', movedCancelRoutes(createReservationService(deps, paymentProvider)));
  // The « séance sous son minimum » e-mail's signed link: the chef keeps or cancels it (a page, then a form's POST).
  app.route('/seances', minimumLinkRoutes(minimum));
  // A signed-in page's first reads (web/routes.ts, decision 0045) go through the API itself, with the
  // page request's cookie: the same guards and answers, without the network, the access log or the
  // metrics of a request of its own.
  const internalApi = new Hono<AppEnv>();
  internalApi.use(async (c, next) => {
    c.set('viewerSource', accounts.viewerSource);
    await next();
  });
  internalApi.onError(errorHandler(deps.logger, { database: deps.database }));
  internalApi.route('/api', api);
  const readApi = (path: string, headers: Headers) => Promise.resolve(internalApi.request(`/api${path}`, { headers }));
  app.route('/', webRoutes(deps, services, readApi));
  return app;
}
