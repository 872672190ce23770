// The demo admin's second factor in the journeys. The seed leaves it off (a person trying the demo
// enrols at first visit); global-setup enrols it once through the API, and this session — verified
// by the enrolment — is the one journeys signing the admin in by API share. A journey signing the
// admin in through the form types a code: each code works once, so the last step used is kept in a
// file every journey file reads (the files run one after another in one process): see
// nextDemoAdminCode in session.ts. No vitest import here: global-setup runs outside the test runner.
import { writeFile } from 'node:fs/promises';
import { codeAt, stepAt } from '../../src/server/modules/second-factor/totp';
import { testNow } from '../setup/test-clock';

export type DemoAdminSecondFactor = {
  /** The base32 secret of the demo admin's app. */
  secret: string;
  /** File holding the last step whose code was used. */
  stepFile: string;
  /** The session cookie of the enrolment, verified. */
  cookie: { name: string; value: string; secure: boolean };
};

const DEMO_ADMIN = { email: 'cheffe@toque.demo', password: 'Cheffe-Toque-2026' };

/** Signs the demo admin in, enrols its second factor and confirms it (global-setup). */
export async function enrolDemoAdmin(baseURL: string, stepFile: string): Promise<DemoAdminSecondFactor> {
  const headers = { 'content-type': 'application/json', origin: baseURL };
  const signIn = await fetch(`${baseURL}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify(DEMO_ADMIN) });
  const line = signIn.headers.getSetCookie().find((l) => l.split('=')[0]!.endsWith('session_token'));
  if (signIn.status !== 200 || !line) throw new Error(`demo admin sign-in refused: ${signIn.status}`);
  const pair = line.split(';')[0]!;
  // In production the name is __Secure-…: the browser takes it only marked Secure (127.0.0.1 counts as secure).
  const cookie = { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), secure: /;\s*secure/i.test(line) };
  const withCookie = { ...headers, cookie: pair };
  const enrolment = await fetch(`${baseURL}/api/account/second-factor/enrolment`, { method: 'POST', headers: withCookie });
  if (enrolment.status !== 200) throw new Error(`demo admin enrolment refused: ${enrolment.status} ${await enrolment.text()}`);
  const secret = ((await enrolment.json()) as { secret: string }).secret.replace(/\s/g, '');
  const step = stepAt(testNow());
  const confirm = await fetch(`${baseURL}/api/account/second-factor/enrolment/confirm`, {
    method: 'POST',
    headers: withCookie,
    body: JSON.stringify({ code: codeAt(secret, step) }),
  });
  if (confirm.status !== 200) throw new Error(`demo admin confirmation refused: ${confirm.status} ${await confirm.text()}`);
  await writeFile(stepFile, String(step));
  return { secret, stepFile, cookie };
}
