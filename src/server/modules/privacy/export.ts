// "Télécharger mes données": everything Toque holds about the signed-in person, in one JSON
// document. The sections are named in coverage.ts; secrets never leave the database.
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { exportOf as storeCreditOf } from '../credit/service';
import { giftCardsExportOf, giftedMembershipExportOf } from '../gift-cards/service';
import { waitlistExportOf } from '../waitlist/service';
import { transfersExportOf } from '../booking/transfers';
import * as repo from './export-repository';

export type DataExport = Awaited<ReturnType<ReturnType<typeof createDataExport>['build']>>;

export function createDataExport(deps: Pick<Deps, 'database' | 'now' | 'config'>) {
  const db = () => deps.database.db;
  return {
    async build(userId: string) {
      const account = await repo.account(db(), userId);
      if (!account) throw new AppError('UNAUTHENTICATED');
      const orders = await repo.ordersWithLines(db(), userId);
      const reservations = await repo.seatReservations(db(), userId);
      const calendarFeed = await repo.calendarFeed(db(), userId);
      return {
        about: {
          generatedAt: deps.now().toISOString(),
          site: deps.config.publicUrl,
          note: 'Vos renseignements personnels détenus par Toque. Les montants sont en cents (CAD). Aucun mot de passe, jeton ni secret n’est inclus.',
        },
        account,
        profile: await repo.profile(db(), userId),
        signInMethods: await repo.signInMethods(db(), userId),
        sessions: await repo.openSessions(db(), userId),
        passwordResets: await repo.passwordResets(db(), userId),
        secondFactor: await repo.secondFactor(db(), userId),
        orders,
        purchases: await repo.coursePurchases(db(), userId),
        reservations,
        waitlist: await waitlistExportOf(db(), userId),
        transfers: await transfersExportOf(db(), userId),
        courseProgress: await repo.progress(db(), userId),
        subscriptions: await repo.subscriptionHistory(db(), userId),
        favorites: await repo.favoriteRecipes(db(), userId),
        notesAboutYou: await repo.notesAboutYou(db(), userId),
        storeCredit: await storeCreditOf(db(), userId),
        giftCards: await giftCardsExportOf(db(), userId),
        giftedMembership: await giftedMembershipExportOf(db(), userId),
        notifications: await repo.inbox(db(), userId),
        emailPreferences: await repo.preferences(db(), userId),
        // The feed's address is a secret (whoever has it reads the calendar): only that it exists.
        calendarFeed: calendarFeed ? { exists: true, ...calendarFeed } : { exists: false },
        emailsSent: await repo.emailsSent(db(), userId, account.email),
        coursesTaught: await repo.coursesTaught(db(), userId),
        refundsIssued: await repo.refundsIssued(db(), userId),
        auditEntries: await repo.auditEntries(db(), userId, [...orders.map((o) => o.id), ...reservations.map((r) => r.id)]),
      };
    },
  };
}
