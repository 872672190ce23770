// Every route of the app, enumerated from the Hono app itself, with a NUL byte (U+0000, which no
// PostgreSQL text column stores) and a lone surrogate in every string it takes: each path
// parameter, each query parameter, and each JSON field of a plausible body, nested ones too — all
// at once (the schema names every field it refuses), then every field the schema did not name
// poisoned while the named ones are valid (a value read past the schema would reach the database).
// Issue 25 found seven routes answering 500 to this: none may, and a field the shared schemas
// check answers the one French message (src/shared/zod-core.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@shared/errors';
import { UNSTORABLE_TEXT_MESSAGE } from '@shared/zod-core';
import { createCourse, createRecipe, createReservation, createSession, setRole } from '../../factories';
import { newSignedInUser, ORIGIN, SESSION_COOKIE } from '../../setup/auth-client';
import { createTestApp, fromAddress, type TestApp } from '../../setup/test-app';
import { testNow } from '../../setup/test-clock';

/** A stream that stays open, and the one route that would end the session every other case uses. */
const LEFT_OUT = new Set(['GET /api/events', 'POST /api/auth/sign-out']);
const POISONS = ['\u0000', '\uD800'];
const QUERY_NAMES = ['q', 'from', 'to', 'status', 'page', 'limit', 'offset', 'category', 'difficulty', 'cuisine', 'chef', 'token', 'type', 'w', 'month', 'servings', 'kind', 'sort'];

let t: TestApp;
let learner: { id: string; cookie: string };
let admin: { id: string; cookie: string };
const ids: Record<string, string> = {};
let base: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  learner = await newSignedInUser(t, 'Léa Apprenante');
  admin = await newSignedInUser(t, 'Cheffe Admin');
  await setRole(t.db, admin.id, 'admin');
  const live = await createCourse(t.db, { isLive: true, priceCents: 4500 });
  const recorded = await createCourse(t.db, { isLive: false, priceCents: 2900 });
  const session = await createSession(t.db, live.id, { videoLink: 'https://zoom.us/j/123' });
  const reservation = await createReservation(t.db, session.id, learner.id, { status: 'confirmed' });
  const recipe = await createRecipe(t.db);
  Object.assign(ids, { course: live.id, recorded: recorded.id, session: session.id, reservation: reservation.id, recipe: recipe.id });
  const startsAt = new Date(testNow().getTime() + 7 * 86_400_000).toISOString();
  // A plausible value for every field name the API's schemas use: the poisoned field is then the
  // only thing wrong, and the request goes as deep as a real one would.
  base = {
    email: 'nouvelle.personne@exemple.ca', password: 'Zq4-vR8k-Cretons', currentPassword: 'Zq4-vR8k-Cretons', newPassword: 'Autre-Mot-9-Poutine',
    name: 'Marie Lavoie', fullName: 'Marie Lavoie', phone: '514 555-1234', address: '12 rue Principale, Québec', province: 'QC',
    specialty: 'Pâtisserie', bio: 'Cheffe de Québec.', token: 'a'.repeat(43), code: '123456', confirmation: 'SUPPRIMER',
    items: [{ courseId: recorded.id }], courseId: live.id, sessionId: session.id, idempotencyKey: 'cle-idempotence-0001',
    servings: 4, positionSeconds: 10, durationSeconds: 60, title: 'Pâtes fraîches', description: 'Un cours de pâtes.',
    priceCents: 2500, isLive: false, isPremium: false, difficulty: 'Débutant', teacherId: admin.id, status: 'draft', startsAt,
    capacity: 10, videoLink: 'https://zoom.us/j/98765', reason: 'Un imprévu en cuisine.', prepKit: { servings: 4, items: ['Farine'] },
    reminders: true, marketing: false, category: 'Plats principaux', ingredients: ['1 œuf'], steps: ['Battre l’œuf.'],
    amountCents: 100, approve: true, days: 1, returnTo: '/cours', paymentId: 'pi_sandbox_0001', clientSecret: 'secret_0001',
    card: { number: '4242424242424242', expiry: '12/30', cvc: '123' }, lines: [{ orderLineId: reservation.id, amountCents: 100 }],
  };
});
afterAll(() => t.close());

/** Every route of the app as the app lists them, once per method and path. */
function routes(): { method: string; path: string }[] {
  const seen = new Set<string>();
  return t.app.routes
    .filter((r) => r.method !== 'ALL')
    .map((r) => ({ method: r.method, path: r.path }))
    .filter((r) => !LEFT_OUT.has(`${r.method} ${r.path}`) && !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

/** A real id for a parameter's name where the test made one, so the rest of the path is right. */
function idFor(param: string): string {
  if (/reservation/i.test(param)) return ids.reservation!;
  if (/session/i.test(param)) return ids.session!;
  if (/recipe/i.test(param)) return ids.recipe!;
  return ids.course!;
}

/** The route's path with one parameter poisoned and the others real; or the path as is. */
function pathsOf(pattern: string): string[] {
  const concrete = (p: string) => p.replace(/\*$/, 'fichier').replace(/:([A-Za-z]+)/g, (_m, name: string) => idFor(name));
  const params = [...pattern.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  if (params.length === 0 && !pattern.endsWith('*')) return [pattern];
  const out: string[] = [];
  for (const poison of ['%00', 'a%00b', '%ED%A0%80']) {
    for (const name of params) out.push(concrete(pattern.replace(`:${name}`, poison)));
    if (pattern.endsWith('*')) out.push(concrete(pattern.replace(/\*$/, `x${poison}.png`)));
  }
  return out;
}

type Path = (string | number)[];

/** The paths of every string in a JSON value. */
function stringLeaves(value: unknown, at: Path = []): Path[] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...at, k]));
  return [];
}

/** A copy of `value` with the strings at `paths` poisoned (the poison inside the text, not at an end). */
function poisoned(value: unknown, paths: Path[], poison: string, at: Path = []): unknown {
  if (typeof value === 'string') return paths.some((p) => p.join('.') === at.join('.')) ? `${value.slice(0, 3)}${poison}${value.slice(3)}` : value;
  if (Array.isArray(value)) return value.map((v, i) => poisoned(v, paths, poison, [...at, i]));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, paths, poison, [...at, k])]));
  return value;
}

let requestCount = 0;
const problems: string[] = [];
let unstorableAnswers = 0;

async function call(who: 'visitor' | 'learner' | 'admin', method: string, path: string, body?: unknown): Promise<{ status: number; error?: ApiErrorBody['error'] }> {
  const cookie = who === 'learner' ? learner.cookie : who === 'admin' ? admin.cookie : undefined;
  // Each from its own address: the per-address limits never answer in place of the route.
  const n = ++requestCount;
  const res = await t.request(
    path,
    {
      method,
      headers: { origin: ORIGIN, ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    },
    method === 'GET' ? undefined : fromAddress(`10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`),
  );
  const text = await res.text();
  let error: ApiErrorBody['error'] | undefined;
  try {
    error = (JSON.parse(text) as ApiErrorBody).error;
  } catch {
    error = undefined;
  }
  if (res.status >= 500) problems.push(`${method} ${path.slice(0, 140)} ${body === undefined ? '' : JSON.stringify(body).slice(0, 160)} → ${res.status} ${text.slice(0, 160)}`);
  if (error?.fields && Object.values(error.fields).includes(UNSTORABLE_TEXT_MESSAGE)) unstorableAnswers++;
  return { status: res.status, error };
}

/** The fields a write route takes: the plausible body, less what a strict schema calls unknown. */
async function bodyFor(who: 'visitor' | 'learner' | 'admin', method: string, path: string): Promise<Record<string, unknown>> {
  let body = { ...base };
  for (let i = 0; i < 2; i++) {
    const { error } = await call(who, method, path, body);
    const unknown = Object.entries(error?.fields ?? {}).filter(([, m]) => m === 'Paramètre inconnu.').map(([k]) => k);
    if (unknown.length === 0) break;
    body = Object.fromEntries(Object.entries(body).filter(([k]) => !unknown.includes(k)));
  }
  return body;
}

describe('a NUL byte or a lone surrogate in every string of every route', () => {
  it('never answers a 5xx; the shared schemas answer it in French', { timeout: 240_000 }, async () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(150);
    for (const { method, path: pattern } of all) {
      const who = pattern.startsWith('/api/admin') || pattern === '/api/payments/sandbox/test-clock' ? 'admin' : pattern.startsWith('/api/auth/') ? 'visitor' : 'learner';
      const paths = pathsOf(pattern);
      const concrete = pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => idFor(name)).replace(/\*$/, 'fichier');
      if (method === 'GET') {
        for (const path of paths) await call(who, method, path);
        // The query strings only where the API reads them (a page's HTML never depends on its query).
        if (pattern.startsWith('/api/') || pattern.startsWith('/media') || pattern === '/desabonnement') {
          for (const poison of ['a%00b', 'a%ED%A0%80b']) await call(who, method, `${concrete}?${QUERY_NAMES.map((n) => `${n}=${poison}`).join('&')}`);
        }
        continue;
      }
      for (const path of paths) await call(who, method, path, base);
      const body = await bodyFor(who, method, concrete);
      const leaves = stringLeaves(body);
      const named = new Set<string>();
      for (const poison of POISONS) {
        const { error } = await call(who, method, concrete, poisoned(body, leaves, poison));
        for (const [field, message] of Object.entries(error?.fields ?? {})) if (message === UNSTORABLE_TEXT_MESSAGE) named.add(field);
      }
      // The strings the schema did not check, poisoned while the rest is valid: none may reach the
      // database. When the route named none, one at a time: one bad value must not hide another.
      const unchecked = leaves.filter((p) => !named.has(p.join('.')));
      const batches = named.size === 0 ? unchecked.map((p) => [p]) : unchecked.length > 0 ? [unchecked] : [];
      for (const batch of batches) await call(who, method, concrete, poisoned(body, batch, POISONS[0]!));
    }
    expect(problems).toEqual([]);
    // The check was met, not skipped: many fields answered its message.
    expect(unstorableAnswers).toBeGreaterThan(40);
  });
});
