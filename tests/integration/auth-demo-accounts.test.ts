// The seed's demo accounts sign in with the passwords the README shows, with the right rights.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed';
import { DEMO_PASSWORDS } from '../../src/server/db/seed/content/demo-passwords';
import { me, signIn } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';
import { rootDir } from '../setup/test-db';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  expect(await seedDemoData(app.deps)).not.toBeNull();
});
afterAll(() => app.close());

describe('demo accounts', () => {
  it.each([
    { email: 'cheffe@toque.demo', role: 'admin', isSubscriber: false },
    { email: 'invite@toque.demo', role: 'chef', isSubscriber: false },
    { email: 'apprenant@toque.demo', role: 'learner', isSubscriber: false },
    { email: 'abonne@toque.demo', role: 'learner', isSubscriber: true },
  ])('$email signs in as $role', async ({ email, role, isSubscriber }) => {
    const cookie = await signIn(app, email, DEMO_PASSWORDS[email]!);
    expect((await me(app, cookie)).user).toMatchObject({ email, role, isSubscriber });
  });

  it('are listed in the README, each on its own line with its password in backticks', async () => {
    const readme = await readFile(path.join(rootDir, 'README.md'), 'utf8');
    for (const [email, password] of Object.entries(DEMO_PASSWORDS)) {
      const line = readme.split('\n').find((l) => l.includes(`\`${email}\``));
      expect(line, email).toContain(`\`${password}\``);
    }
  });

  it('participants have no password', async () => {
    await expect(signIn(app, 'participant1@toque.demo', 'Apprenant-Toque-2026')).rejects.toThrow();
  });
});
