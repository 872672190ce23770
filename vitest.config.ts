import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@shared': r('./src/shared'), '@server': r('./src/server'), '@client': r('./src/client') };

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    // The unit and integration files in one fork (vitest reads this from the root config): the other
    // core is the browser journeys', which run alongside in their own pool (the e2e project below).
    // `isolate: false` here is what lets one fork process run file after file (vitest reads whether to
    // recycle its workers from the root config only): without it each file got a new process and
    // imported the whole app again (~2.5 s of a core per file), whatever the project said.
    poolOptions: { forks: { maxForks: 1, isolate: false } },
    projects: [
      {
        resolve: { alias },
        // Unit files keep a fresh module registry each (they may stub modules); their fork is shared.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', isolate: true },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Migrates once; each file copies the result (tests/setup/test-db.ts).
          globalSetup: ['tests/setup/migrated-template.ts'],
          // The files share a worker's loaded modules instead of importing the app again each (about 3 s
          // of a busy core per file); each still has its own app, database and data folder.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // The tests' "now" anchored where the server's is (TEST_CLOCK_START).
          setupFiles: ['tests/e2e/setup-clock.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser at a time, in a thread of its own pool: the forks pool runs its single-fork
          // files only after all its others, so this pool is what lets the journeys start at once,
          // beside the integration files.
          pool: 'threads',
          poolOptions: { threads: { singleThread: true } },
        },
      },
    ],
  },
});
