// A server-only Better Auth endpoint that signs in an identity our OpenID Connect code has already
// verified (identity-provider.ts). Running inside the library keeps users, accounts, the create
// hook (learner profile), sessions and the cookie exactly as for a password sign-in.
// SERVER_ONLY: the library never routes it from HTTP; only auth.api calls it.
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/** The library error code when the e-mail already belongs to an account without this identity. */
export const ACCOUNT_NOT_LINKED = 'ACCOUNT_NOT_LINKED';

export const identitySessionPlugin = () =>
  ({
    id: 'toque-identity-session',
    endpoints: {
      signInVerifiedIdentity: createAuthEndpoint(
        '/toque/verified-identity',
        {
          method: 'POST',
          body: z.object({
            /** `oidc:<issuer>`: with accountId (the `sub`), the identity's unique key. */
            providerId: z.string().min(1),
            accountId: z.string().min(1),
            email: z.string().min(3),
            name: z.string().min(1),
          }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const { providerId, accountId, email, name } = ctx.body;
          const adapter = ctx.context.internalAdapter;
          const account = await adapter.findAccountByProviderId(accountId, providerId);
          let user = account ? await adapter.findUserById(account.userId) : null;
          if (!account) {
            // Never taken over: an address already in use is refused, whatever the provider says
            // about it. Linking would need the owner signed in with their password first.
            if (await adapter.findUserByEmail(email)) {
              throw new APIError('CONFLICT', { code: ACCOUNT_NOT_LINKED, message: 'account not linked' });
            }
            ({ user } = await adapter.createOAuthUser({ email, name, emailVerified: true }, { providerId, accountId }, ctx));
          }
          if (!user) throw new APIError('INTERNAL_SERVER_ERROR', { message: 'identity without a user' });
          const session = await adapter.createSession(user.id, ctx);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ ok: true });
        },
      ),
    },
  }) satisfies BetterAuthPlugin;
