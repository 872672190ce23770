// What the operations endpoints share with the rest of the process: the metrics, and whether
// shutdown has begun. index.ts creates one before the jobs (they count into it) and passes it in
// Deps; an app built without one (tests) makes its own.
import { createMetrics, type Metrics } from './metrics';

export type Observability = {
  metrics: Metrics;
  /** Set when shutdown begins: /readyz answers 503 from then on, and answers close their connection. */
  draining: boolean;
};

export function createObservability(): Observability {
  return { metrics: createMetrics(), draining: false };
}
