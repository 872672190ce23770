// Sessions to viewers: the role comes from the profile row, subscriber status from the latest subscription.
import { isActiveSubscription, VISITOR, type Viewer } from '@shared/access';
import type { MeUser } from '@shared/schemas/auth';
import type { Deps } from '../../deps';
import type { ViewerSource } from '../../http/viewer';
import { SESSION_COOKIE_PREFIX, type Auth } from './auth';
import { findAccount } from './repository';

export function createAccountService(deps: Deps, auth: Auth) {
  async function me(headers: Headers): Promise<MeUser | null> {
    const session = await auth.api.getSession({ headers });
    if (!session) return null;
    const account = await findAccount(deps.database.db, session.user.id);
    if (!account) return null;
    return {
      id: account.id,
      email: account.email,
      fullName: account.fullName,
      role: account.role,
      avatarUrl: account.avatarUrl,
      isSubscriber: isActiveSubscription(account.latestSubscription, deps.now()),
    };
  }

  const viewerSource: ViewerSource = {
    cookieNames: [`${SESSION_COOKIE_PREFIX}.session_token`, `__Secure-${SESSION_COOKIE_PREFIX}.session_token`],
    async resolve(headers): Promise<Viewer> {
      const user = await me(headers);
      return user ? { userId: user.id, role: user.role, isSubscriber: user.isSubscriber } : VISITOR;
    },
  };

  return { me, viewerSource };
}

export type AccountService = ReturnType<typeof createAccountService>;
