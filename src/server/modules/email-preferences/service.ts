// The avatar menu's 'Préférences' (which non-essential e-mails a person wants) and the unsubscribe
// link of those e-mails. Account, payment and booking e-mails are always sent and not listed here.
import { emailPreferencesSchema, type EmailPreferences, type EmailPreferencesResponse, type UnsubscribeResponse, type UnsubscribeTopic } from '@shared/schemas/notifications';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { parseInput } from '../../http/validate';
import * as repo from './repository';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/** For whoever sends a non-essential e-mail: whether this person still wants this kind. */
export async function wantsEmail(conn: Pick<Db, 'select' | 'insert'>, userId: string, topic: UnsubscribeTopic): Promise<boolean> {
  return (await repo.findPreferences(conn, userId))[topic];
}

export function createEmailPreferenceService(deps: Pick<Deps, 'database' | 'now' | 'config'>) {
  const db = () => deps.database.db;

  return {
    async get(userId: string): Promise<EmailPreferencesResponse> {
      return { preferences: await repo.findPreferences(db(), userId) };
    },

    async save(userId: string, input: unknown): Promise<EmailPreferencesResponse> {
      const preferences: EmailPreferences = parseInput(emailPreferencesSchema.strict(), input);
      await repo.savePreferences(db(), userId, preferences, deps.now());
      return { preferences };
    },

    /** Works signed out: the token says who and what. A person deleted since is an invalid link. */
    async unsubscribe(token: string): Promise<UnsubscribeResponse> {
      const claim = verifyUnsubscribeToken(deps.config, token);
      if (!claim) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      const email = await repo.findEmail(db(), claim.userId);
      if (email === null) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
      await repo.turnOff(db(), claim.userId, claim.topic, deps.now());
      return { topic: claim.topic, email };
    },
  };
}

export type EmailPreferenceService = ReturnType<typeof createEmailPreferenceService>;
