// /api/account/second-factor: how an admin enrols and verifies the second factor. Reachable to an
// admin whose session has not given it (requireUser, not requireAdmin): this is how one gets it.
import { Hono } from 'hono';
import {
  secondFactorCodeSchema,
  type SecondFactorConfirmation,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
  type SecondFactorVerification,
} from '@shared/schemas/second-factor';
import type { AppEnv } from '../../http/app-env';
import { readJsonBody } from '../../http/json-only';
import { requireUser, signedInOnly } from '../../http/guards';
import { parseInput } from '../../http/validate';
import type { SecondFactorService } from './service';

export function secondFactorRoutes(secondFactor: SecondFactorService) {
  const app = new Hono<AppEnv>();
  app.use('*', signedInOnly);

  app.get('/', async (c) => c.json<SecondFactorStatus>(await secondFactor.status(await requireUser(c))));

  app.post('/enrolment', async (c) => c.json<SecondFactorEnrolment>(await secondFactor.startEnrolment(await requireUser(c))));

  app.post('/enrolment/confirm', async (c) => {
    const viewer = await requireUser(c);
    const { code } = parseInput(secondFactorCodeSchema, await readJsonBody(c));
    return c.json<SecondFactorConfirmation>(await secondFactor.confirmEnrolment(viewer, code));
  });

  app.post('/verify', async (c) => {
    const viewer = await requireUser(c);
    const { code } = parseInput(secondFactorCodeSchema, await readJsonBody(c));
    return c.json<SecondFactorVerification>(await secondFactor.verify(viewer, code));
  });

  return app;
}
