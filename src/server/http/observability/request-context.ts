// The request being served, for code that has no Context at hand: the logger stamps every line
// written during a request with its id (logger.ts mixin). Kept free of other imports: the logger
// loads it.
import { AsyncLocalStorage } from 'node:async_hooks';

export type RequestContext = { requestId: string };

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The id of the request whose work is running now; undefined outside a request (jobs, boot). */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
