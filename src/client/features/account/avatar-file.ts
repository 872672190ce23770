// What the browser can tell about a chosen picture before sending it: its size and the type the
// system gives it. The server decides for real (by the file's bytes); this only spares a doomed
// upload and says why in the server's own words.
import { ERROR_MESSAGES } from '@shared/errors';
import { AVATAR_ACCEPT, AVATAR_MAX_BYTES } from '@shared/schemas/account';

const ACCEPTED_TYPES = AVATAR_ACCEPT.split(',');

/** The French reason the file cannot be an avatar, or null to send it. */
export function avatarFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > AVATAR_MAX_BYTES) return ERROR_MESSAGES.FILE_TOO_LARGE;
  // An empty type (unknown to the system) is left to the server.
  if (file.type && !ACCEPTED_TYPES.includes(file.type)) return ERROR_MESSAGES.UNSUPPORTED_IMAGE_TYPE;
  return null;
}
