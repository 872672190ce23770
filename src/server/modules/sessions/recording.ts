// The admin's upload of a live session's recording: the file itself as the raw request body, streamed
// to storage (type by its first bytes, size counted on the way, VIDEO_MAX_MB), then named by the
// session in one transaction with its audit entry and the attendees' realtime notice. Only once the
// session is over and never for a cancelled one. The previous file goes only after the row changed;
// a refused or broken upload leaves no file and the session as it was. Attendees play it through
// /api/recordings/:sessionId/video (learning module), behind the access check on every request.
import { randomUUID } from 'node:crypto';
import type { AdminSessionView } from '@shared/schemas/reservations';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { SignedInViewer } from '../../http/guards';
import { openVideo } from '../../http/video-upload';
import { recordAudit } from '../audit/service';
import * as repo from './repository';
import { notifyRecording } from '../notifications/notices';
import type { Tx } from '../../db/client';

/** Keys of recordings uploaded here: the only ones a replacement or a removal may delete (never the seed's). */
const OWN_RECORDING_KEY = /^videos\/recordings\/[0-9a-f-]{36}\.(mp4|webm)$/;

type SessionHelpers = {
  read: (id: string) => Promise<AdminSessionView>;
  endsAt: (row: repo.SessionRow) => Date;
  announce: (tx: Tx, seats: { id: string; userId: string }[]) => Promise<void>;
};

export function createRecordingUploads(deps: Pick<Deps, 'config' | 'database' | 'storage' | 'logger' | 'now'>, session: SessionHelpers) {
  const db = () => deps.database.db;

  async function discard(key: string | null) {
    if (!key || !OWN_RECORDING_KEY.test(key)) return;
    await deps.storage.delete(key).catch((err) => deps.logger.warn({ err, key }, "fichier d'enregistrement non supprimé"));
  }

  /** Refused before a byte is stored, and again under the row lock once the file is in. */
  function assertAcceptsRecording(row: repo.SessionRow | null, now: Date): asserts row is repo.SessionRow {
    if (!row) throw new AppError('SESSION_NOT_FOUND');
    if (row.status === 'cancelled') throw new AppError('SESSION_CANCELLED');
    if (session.endsAt(row).getTime() > now.getTime()) throw new AppError('SESSION_NOT_OVER');
  }

  /** The row change, its audit entry and the attendees' notice, in one transaction; the key it replaced. */
  async function setRecording(
    actorId: string,
    id: string,
    file: { key: string; contentType: string; bytes: number } | null,
    check: (row: repo.SessionRow | null) => asserts row is repo.SessionRow,
  ): Promise<string | null> {
    const now = deps.now();
    return db().transaction(async (tx) => {
      const row = await repo.lockSession(tx, id);
      check(row);
      await repo.updateSession(
        tx,
        id,
        { recordingKey: file?.key ?? null, recordingContentType: file?.contentType ?? null, recordingBytes: file?.bytes ?? null },
        now,
      );
      await recordAudit(tx, {
        actorId,
        action: 'session.recording',
        targetType: 'session',
        targetId: id,
        details: file
          ? { courseId: row.courseId, contentType: file.contentType, bytes: file.bytes, replaced: row.recordingKey !== null }
          : { courseId: row.courseId, removed: row.recordingKey !== null },
      });
      await session.announce(tx, await repo.seatHolders(tx, id, now));
      if (file) await notifyRecording(tx, { sessionId: id, at: now });
      return row.recordingKey;
    });
  }

  return {
    async replaceRecording(
      admin: SignedInViewer,
      id: string,
      body: ReadableStream<Uint8Array> | null,
      declaredBytes: number | null,
    ): Promise<AdminSessionView> {
      assertAcceptsRecording(await repo.findSession(db(), id, deps.now()), deps.now());
      const max = deps.config.videoMaxBytes;
      // Said too large up front: refused before a byte is read.
      if (declaredBytes !== null && declaredBytes > max) throw new AppError('VIDEO_TOO_LARGE');
      const video = await openVideo(body, max);
      const key = `videos/recordings/${randomUUID()}.${video.kind.extension}`;
      try {
        await deps.storage.put(key, video.stream, video.kind.contentType);
      } catch (err) {
        // The adapter removed its partial file; the key is cleared too in case another adapter did not.
        await discard(key);
        throw err;
      }
      let previous: string | null;
      try {
        const file = { key, contentType: video.kind.contentType, bytes: video.bytesRead() };
        previous = await setRecording(admin.userId, id, file, (row) => assertAcceptsRecording(row, deps.now()));
      } catch (err) {
        await discard(key);
        throw err;
      }
      if (previous !== key) await discard(previous);
      return session.read(id);
    },

    /** Removing is always allowed (the wrong file, a cancelled class); a repeat changes nothing more. */
    async removeRecording(admin: SignedInViewer, id: string): Promise<AdminSessionView> {
      const previous = await setRecording(admin.userId, id, null, (row) => {
        if (!row) throw new AppError('SESSION_NOT_FOUND');
      });
      await discard(previous);
      return session.read(id);
    },
  };
}
