// The start most money tests share: a test app on the clock the test gives (and moves), its job
// worker started when the test runs queued jobs, and the chef signed in as admin.
import { setRole } from '../factories';
import { newSignedInUser } from './auth-client';
import { createTestApp, type TestApp } from './test-app';

export type SignedInAdmin = { id: string; cookie: string };

export async function appWithAdmin(options: { now: () => Date; jobs?: boolean }): Promise<{ t: TestApp; admin: SignedInAdmin }> {
  const t = await createTestApp({ now: options.now });
  if (options.jobs) await t.jobs.start();
  const admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  return { t, admin };
}
