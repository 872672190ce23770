// The sandbox keeps its subscriptions in our own database: when that database stops answering in
// the middle of a membership call, the answer is the French 503 of a database outage (try again in
// a moment), not the 502 of a payment provider that refused. The outage is the database's own: a
// trigger on the sandbox's table raises admin_shutdown (SQLSTATE 57P01, what PostgreSQL sends
// when it shuts down under a connection) at the exact statement, on PGlite as on PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import { newSignedInUser } from '../setup/auth-client';
import { setProvince, SUCCESS_CARD } from '../setup/payments';
import { createTestApp, type TestApp } from '../setup/test-app';
import { cancelSubscription, getSubscription, subscribe, subscribeAndPay } from './subscriptions-helpers';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.execute(sql`
    create function toque_test_shutdown() returns trigger language plpgsql as $$
    begin
      raise exception 'terminating connection due to administrator command' using errcode = 'admin_shutdown';
    end $$
  `);
});
afterAll(() => t.close());
afterEach(() => t.db.execute(sql`drop trigger if exists toque_test_shutdown on sandbox_subscriptions`));

/** From now on, the database gives up under the next write of the sandbox's subscriptions. */
const downOn = (operation: 'insert' | 'update') =>
  t.db.execute(sql.raw(`create trigger toque_test_shutdown before ${operation} on sandbox_subscriptions for each row execute function toque_test_shutdown()`));

async function buyer() {
  const user = await newSignedInUser(t, 'Maxime Abonné');
  await setProvince(t, user.id, 'QC');
  return user;
}

describe('the database lost under a sandbox membership call', () => {
  it('checkout: 503 in French, and the same checkout goes through once the database is back', async () => {
    const user = await buyer();
    await downOn('insert');
    const down = await subscribe(t, user.cookie);
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });

    await t.db.execute(sql`drop trigger toque_test_shutdown on sandbox_subscriptions`);
    const again = await subscribe(t, user.cookie);
    // The first attempt reserved the membership: it is resumed, with its payment this time.
    expect(again.status).toBe(200);
    expect(again.body.payment).toMatchObject({ provider: 'sandbox', paymentId: expect.stringMatching(/^pi_sb_/) });
  });

  it('cancellation: 503 in French, the membership left as it was', async () => {
    const user = await buyer();
    await subscribeAndPay(t, user.cookie, SUCCESS_CARD);
    await downOn('update');
    const down = await cancelSubscription(t, user.cookie);
    expect(down.status).toBe(503);
    expect(down.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: ERROR_MESSAGES.SERVICE_UNAVAILABLE });
    expect((await getSubscription(t, user.cookie)).body).toMatchObject({ isSubscriber: true, canCancel: true, current: { cancelAtPeriodEnd: false } });
  });
});
