// Minimum enrolment's two jobs (docs/decisions/0048): the check 96 h (the policy's hours) before a session with a
// minimum, and the deadline 12 h after its chef was asked. Each decides at run time under the
// session's lock (service.ts); run twice, or on two instances, the second finds the work done.
import type { Deps } from '../../deps';
import type { PaymentProvider } from '../../integrations/payments/port';
import type { Job } from '../../jobs/jobs';
import type { QUEUES } from '../../jobs/queues';
import { createMinimumEnrolment, type CheckOutcome, type DeadlineOutcome } from './service';

type WorkerDeps = Pick<Deps, 'config' | 'database' | 'storage' | 'logger' | 'now'>;

export function minimumCheckWorker(deps: WorkerDeps, provider: PaymentProvider) {
  const minimum = createMinimumEnrolment(deps, provider);
  return (job: Pick<Job<typeof QUEUES.minimumCheck>, 'data'>): Promise<CheckOutcome> => minimum.check(job.data);
}

export function minimumDeadlineWorker(deps: WorkerDeps, provider: PaymentProvider) {
  const minimum = createMinimumEnrolment(deps, provider);
  return (job: Pick<Job<typeof QUEUES.minimumDeadline>, 'data'>): Promise<DeadlineOutcome> => minimum.deadline(job.data);
}
