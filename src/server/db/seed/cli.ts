// `npm run seed`: migrates the database and adds the French demo data if it is empty.
// `npm run seed -- --reset`: empties the content tables and writes the demo data again.
// `--redraw` also draws the demo pictures again (after the art changed), instead of keeping them.
// With the embedded database, stop the server first: a PGlite directory belongs to one process.
import { RECIPE_CATEGORIES, type RecipeCategory } from '@shared/catalog';
import { formatLongDate } from '@shared/format';
import type { Deps } from '../../deps';
import { loadConfig } from '../../env';
import { DEMO_PASSWORDS } from './content/demo-passwords';
import { localDiskStorage } from '../../integrations/storage/local-disk';
import { createLogger } from '../../logger';
import { openDatabase } from '../client';
import { migrationsDir, pgliteDir, uploadsDir } from '../paths';
import { seedDemoData, type SeedSummary } from './index';
import { chefs, learners, participants, SUBSCRIBER_EMAIL } from './content/people';

const USAGE = 'Usage : npm run seed [-- --reset] [--redraw]';
const OPTIONS = ['--reset', '--redraw'];

const CATEGORY_PLURALS: Record<RecipeCategory, [string, string]> = {
  starter: ['entrée', 'entrées'],
  main: ['plat principal', 'plats principaux'],
  dessert: ['dessert', 'desserts'],
  drink: ['boisson', 'boissons'],
};

function describe(summary: SeedSummary, where: string): string {
  const { plan } = summary;
  const live = plan.courses.filter((c) => c.isLive);
  const recorded = plan.courses.filter((c) => !c.isLive);
  const now = Date.now();
  const upcoming = plan.sessions.filter((s) => s.startsAt.getTime() > now);
  const recordings = plan.sessions.filter((s) => s.recordingKey).length;
  const full = upcoming.filter(
    (s) => plan.reservations.filter((r) => r.sessionId === s.id && r.status === 'confirmed').length >= s.capacity,
  ).length;
  const perCategory = RECIPE_CATEGORIES.map((c) => {
    const count = plan.recipes.filter((r) => r.category === c).length;
    return `${count} ${CATEGORY_PLURALS[c][count > 1 ? 1 : 0]}`;
  }).join(', ');
  const kept = summary.imagesTotal - summary.imagesWritten;
  const subscription = plan.subscriptions[0];
  const roleLabel = { admin: 'cheffe, administratrice', chef: 'chef invité', learner: 'apprenant' } as const;
  return [
    `Données de démonstration ajoutées (${where}) :`,
    `  • ${live.length} cours en direct (${upcoming.length} séances à venir, dont ${full} complète${full > 1 ? 's' : ''}) et ${recorded.length} cours enregistrés`,
    `  • la vidéo de démonstration pour ${recorded.filter((c) => c.videoKey).length} cours enregistrés et ${recordings} enregistrement${recordings > 1 ? 's' : ''} de séance passée (apprenant@toque.demo y était)`,
    `  • ${plan.recipes.length} recettes (${perCategory}), dont ${plan.recipes.filter((r) => r.isPremium).length} réservées aux abonnés`,
    `  • ${summary.imagesTotal} images ${
      kept === 0 ? 'dessinées' : summary.imagesWritten === 0 ? 'déjà présentes' : `(${summary.imagesWritten} dessinées, ${kept} déjà présentes)`
    }`,
    '',
    'Comptes de démonstration (adresse / mot de passe) :',
    ...chefs.map((p) => `  • ${p.email} / ${DEMO_PASSWORDS[p.email] ?? '—'} — ${p.fullName} (${roleLabel[p.role]})`),
    ...learners.map(
      (p) =>
        `  • ${p.email} / ${DEMO_PASSWORDS[p.email] ?? '—'} — ${p.fullName} (${p.email === SUBSCRIBER_EMAIL && subscription ? `abonné jusqu'au ${formatLongDate(subscription.currentPeriodEnd)}` : roleLabel[p.role]})`,
    ),
    `  • participant1@toque.demo à participant${participants.length}@toque.demo — apprenants inscrits aux séances`,
  ].join('\n');
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const reset = args.includes('--reset');
  const redrawImages = args.includes('--redraw');
  if (args.some((a) => !OPTIONS.includes(a))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : pgliteDir(config),
    migrationsDir: migrationsDir(config),
  });
  try {
    await database.migrate();
    const deps: Deps = {
      config,
      database,
      storage: localDiskStorage(uploadsDir(config)),
      logger: createLogger({ ...config, logLevel: 'warn' }),
      now: () => new Date(),
    };
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `base intégrée dans ${pgliteDir(config)}`;
    const summary = await seedDemoData(deps, { reset, redrawImages });
    if (!summary) {
      console.log(
        `La base contient déjà des données (${where}) : rien n'a été ajouté.\n` +
          'Pour repartir des données de démonstration : npm run seed -- --reset',
      );
      return 0;
    }
    if (reset) console.log('Tables de contenu vidées.');
    console.log(describe(summary, where));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("Échec de l'ajout des données de démonstration :", error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
