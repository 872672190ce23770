// Ten sign-ups at once with one new address (issue 25: four of them answered 500). Exactly one
// account is made; every other attempt the limits let through answers exactly as a taken address
// does when tried after the first (the same status and body: no enumeration, no 500).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, users } from '../../src/server/db/schema';
import { post } from '../setup/auth-client';
import { createTestApp, type TestApp } from '../setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Zq4-vR8k-Cretons';
const answer = async (res: Response) => ({ status: res.status, body: await res.text() });

describe('the sign-up race', () => {
  it('ten at once: one account, and every other attempt answers like a taken address', async () => {
    // How a taken address answers when tried after the first sign-up (another address, same wording).
    const sequential = 'sequentielle@exemple.ca';
    expect((await post(t, '/api/auth/sign-up/email', { name: 'Marie Lavoie', email: sequential, password: PASSWORD }, undefined, {}, '10.1.0.1')).status).toBe(200);
    const taken = await answer(await post(t, '/api/auth/sign-up/email', { name: 'Marie Lavoie', email: sequential, password: PASSWORD }, undefined, {}, '10.1.0.2'));
    expect(taken.status).toBe(200);

    for (let round = 0; round < 2; round++) {
      const email = `course-${round}@exemple.ca`;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          Promise.resolve(post(t, '/api/auth/sign-up/email', { name: `Personne ${i}`, email, password: PASSWORD }, undefined, {}, `10.2.${round}.${i + 1}`)).then(answer),
        ),
      );
      expect(results.filter((r) => r.status >= 500)).toEqual([]);
      // The per-address allowance (5 an hour) answers the rest in French with 429.
      const through = results.filter((r) => r.status !== 429);
      expect(through.length).toBeGreaterThanOrEqual(2);
      for (const r of through) expect(r).toEqual(taken);
      const rows = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      expect(rows).toHaveLength(1);
      expect(await t.db.select().from(profiles).where(eq(profiles.userId, rows[0]!.id))).toHaveLength(1);
    }
  });
});
