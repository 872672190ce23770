// A recorded course's video: what is stored (type and size), and sending a new one with its
// progress. The file goes as the request's body and the server streams it to storage; it decides
// the type by the file's first bytes (MP4 or WebM) and refuses past the size limit. Sending can
// be stopped; the server then keeps nothing and the course keeps its previous video.
import { Film, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ERROR_MESSAGES } from '@shared/errors';
import { COURSE_VIDEO_ACCEPT, COURSE_VIDEO_TYPES, type AdminCourseDetail } from '@shared/schemas/admin-courses';
import { FilePickButton } from '@client/components/ui/FilePickButton';
import { UploadProgress, type UploadState } from '@client/components/ui/UploadProgress';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { uploadCourseVideo, useVideoUploaded } from '../api';
import { formatBytes } from '../labels';

const TYPE_LABELS: Record<string, string> = { 'video/mp4': 'MP4', 'video/webm': 'WebM' };

export function CourseVideoUpload({ course, maxBytes }: { course: AdminCourseDetail; maxBytes: number | undefined }) {
  const id = useId();
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const uploaded = useVideoUploaded();

  const send = (file: File | undefined) => {
    if (!file) return;
    if (file.type && !(COURSE_VIDEO_TYPES as readonly string[]).includes(file.type)) {
      setProblem(ERROR_MESSAGES.UNSUPPORTED_VIDEO_TYPE);
      return;
    }
    if (maxBytes !== undefined && file.size > maxBytes) {
      setProblem(`${ERROR_MESSAGES.VIDEO_TOO_LARGE} ${formatBytes(maxBytes)} au maximum.`);
      return;
    }
    setProblem(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ sent: 0, total: file.size, name: file.name });
    uploadCourseVideo(course.id, file, (sent, total) => setProgress({ sent, total, name: file.name }), controller.signal).then(
      (data) => {
        setProgress(null);
        uploaded(data);
        notifySuccess('Vidéo envoyée !', 'La vidéo du cours est enregistrée.');
      },
      (error: ApiError) => {
        setProgress(null);
        if (controller.signal.aborted) return;
        setProblem(error.message);
        notifyError("Erreur d'envoi de la vidéo", error.message);
      },
    );
  };

  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-2xl border border-line bg-white p-4">
        <Film aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {course.video ? (
          <p>
            <span className="font-semibold text-ink">Vidéo en ligne</span>
            <span className="block text-sm text-muted">
              {TYPE_LABELS[course.video.contentType] ?? course.video.contentType} · {formatBytes(course.video.bytes)}
            </span>
          </p>
        ) : (
          <p>
            <span className="font-semibold text-ink">Aucune vidéo</span>
            <span className="block text-sm text-muted">Envoyez le fichier MP4 ou WebM du cours.</span>
          </p>
        )}
      </div>

      {progress ? (
        <UploadProgress progress={progress} label="Envoi de la vidéo" stopLabel="Arrêter l'envoi" onStop={() => abort.current?.abort()}>
          <p className="text-sm text-muted">
            {formatBytes(progress.sent)} sur {formatBytes(progress.total)}
          </p>
        </UploadProgress>
      ) : (
        <div className="space-y-2">
          <FilePickButton inputId={id} accept={COURSE_VIDEO_ACCEPT} inputLabel="Vidéo du cours" onFile={send} variant="secondary" size="sm">
            <Upload aria-hidden="true" className="size-4" />
            {course.video ? 'Remplacer la vidéo' : 'Envoyer une vidéo'}
          </FilePickButton>
          <p id={`${id}-hint`} className="text-sm text-muted">
            MP4 ou WebM{maxBytes !== undefined ? `, ${formatBytes(maxBytes)} au maximum` : ''}. La vidéo précédente est remplacée une fois la nouvelle
            reçue.
          </p>
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
