// Who is asking, decided on the server for every request.
import type { Context } from 'hono';
import { VISITOR, type Viewer } from '@shared/access';

/** Accounts and sessions arrive with the authentication issue; until then everyone is a visitor. */
export async function getViewer(_c: Context): Promise<Viewer> {
  return VISITOR;
}
