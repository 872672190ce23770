// The architecture of DESIGN §3, enforced (decision 0023), and typescript-eslint's recommended rules.
// Non type-aware on purpose: `npm run lint` stays fast on a small machine.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = 'src/client/features';
const MODULES_DIR = 'src/server/modules';
const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

// A client feature's public surface: its `api.ts` (data hooks and calls) and its `index.ts` (what it
// offers other features, re-exported by name). Everything else in the folder is its own business.
const featureZones = subfolders(FEATURES_DIR).map((feature) => ({
  target: `${FEATURES_DIR}/${feature}/**`,
  from: `${FEATURES_DIR}/!(${feature})/**`,
  except: [`**/${FEATURES_DIR}/*/api.ts`, `**/${FEATURES_DIR}/*/index.ts`],
  message: `A feature imports another feature only through its api.ts or index.ts (see docs/decisions/0023-architecture-lint.md).`,
}));

// A server module reaches another module's data through that module's service, never its repository
// (`repository.ts`, `*-repository.ts`, or a `repository/` folder).
const moduleZones = subfolders(MODULES_DIR).map((module) => ({
  target: `${MODULES_DIR}/${module}/**`,
  from: [`${MODULES_DIR}/!(${module})/**/*repository.ts`, `${MODULES_DIR}/!(${module})/**/repository/**`],
  message: `A module calls another module's service, not its repository (see docs/decisions/0023-architecture-lint.md).`,
}));

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/', 'test-results/', '.builds/', 'tmp/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // Absolute: with a relative file the resolver answers relative paths, which no rule then matches.
          tsconfig: { configFile: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) },
        }),
      ],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      // TypeScript already reports undefined names (and knows the DOM and Node globals).
      'no-undef': 'off',
      // French copy puts no-break spaces before « : » and inside « guillemets », in text on purpose.
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true }],
      // `_`-prefixed names are the house way to say "deliberately unused" (destructured rest, positional arguments).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],

      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: 'src/shared',
              from: ['src/client', 'src/server'],
              message: 'src/shared is pure code both sides use: it imports neither the client nor the server.',
            },
            { target: 'src/client', from: 'src/server', message: 'The client never imports the server: share through src/shared.' },
            { target: 'src/server', from: 'src/client', message: 'The server never imports the client: share through src/shared.' },
            {
              target: ['src/client/components', 'src/client/lib'],
              from: ['src/client/features', 'src/client/app'],
              message: 'components/ and lib/ are the layer features build on: they import no feature and not the app shell.',
            },
            ...featureZones,
            ...moduleZones,
          ],
        },
      ],
    },
  },
  {
    // Cycles among the product's own modules: tests and scripts import it but nothing imports them,
    // and following imports into node_modules cost most of the lint's time (48 s → 31 s on 2 cores).
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Schemas take zod from src/shared/zod.ts: its strings refuse what the database cannot store and
    // its messages are in Québec French; zod imported directly would have neither.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/zod-core.ts', 'src/server/env.ts', 'src/server/modules/auth/identity-session.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'zod', message: "Import { z } from '@shared/zod' (src/shared/zod.ts): NUL refused, French messages." }] },
      ],
    },
  },
  {
    // The Stripe.js stand-in is a classic browser script served to the journeys as Stripe serves its
    // own (no modules, no build): it keeps `var self = this` for its prototype methods' callbacks.
    files: ['tests/fixtures/stripe-js/**/*.js'],
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
);
