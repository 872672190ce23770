// The admin's uploaded recording of a session that is over: whether one is online, sending one
// (MP4 or WebM) with its progress and a way to stop, and taking it away. Attendees then play it on
// /enregistrements/:sessionId, reached from Mes Achats and from their calendar.
import { useQueryClient } from '@tanstack/react-query';
import { Film, Trash2, Upload } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ERROR_MESSAGES } from '@shared/errors';
import { Button, ButtonLink } from '@client/components/ui/Button';
import { FilePickButton } from '@client/components/ui/FilePickButton';
import { UploadProgress, type UploadState } from '@client/components/ui/UploadProgress';
import type { ApiError } from '@client/lib/api';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { removeRecordingVideo, uploadRecordingVideo } from '@client/features/learning/api';

const ACCEPTED = ['video/mp4', 'video/webm'];

export function RecordingVideoUpload({ sessionId, hasVideo }: { sessionId: string; hasVideo: boolean }) {
  const id = useId();
  const abort = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [removing, setRemoving] = useState(false);
  const client = useQueryClient();
  // The calendar's reservations carry hasRecordingVideo: read again, every dialog and view follows.
  const refresh = () => client.invalidateQueries({ queryKey: ['calendar'] });

  const send = (file: File | undefined) => {
    if (!file) return;
    // The server decides by the bytes; a file the browser already knows is something else is refused here.
    if (file.type && !ACCEPTED.includes(file.type)) {
      setProblem(ERROR_MESSAGES.UNSUPPORTED_VIDEO_TYPE);
      return;
    }
    setProblem(null);
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ sent: 0, total: file.size, name: file.name });
    uploadRecordingVideo(sessionId, file, (sent, total) => setProgress({ sent, total, name: file.name }), controller.signal).then(
      () => {
        setProgress(null);
        void refresh();
        notifySuccess('Enregistrement envoyé !', 'Les participants peuvent le regarder depuis Mes Achats.');
      },
      (error: ApiError) => {
        setProgress(null);
        if (controller.signal.aborted) return;
        setProblem(error.message);
        notifyError("Erreur d'envoi de l'enregistrement", error.message);
      },
    );
  };

  const remove = () => {
    setRemoving(true);
    removeRecordingVideo(sessionId).then(
      () => {
        setRemoving(false);
        setConfirmingRemoval(false);
        void refresh();
        notifySuccess('Vidéo retirée', 'Les participants ne peuvent plus la regarder.');
      },
      (error: ApiError) => {
        setRemoving(false);
        setProblem(error.message);
        notifyError('Erreur de mise à jour', error.message);
      },
    );
  };

  return (
    <div className="space-y-3 rounded-2xl border border-line bg-white p-4">
      <p className="text-sm font-semibold text-muted">Vidéo de la séance</p>
      <p className="flex items-start gap-2 text-ink">
        <Film aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
        {hasVideo ? 'Vidéo en ligne : les participants la regardent sur le site.' : 'Aucune vidéo téléversée.'}
      </p>

      {progress ? (
        <UploadProgress progress={progress} label="Envoi de l'enregistrement" stopLabel="Annuler l'envoi" onStop={() => abort.current?.abort()} />
      ) : confirmingRemoval ? (
        <div role="group" aria-label="Retirer la vidéo" className="space-y-2 rounded-xl bg-brand-50 p-3">
          <p className="text-sm text-ink">Les participants ne pourront plus regarder cette vidéo. La retirer ?</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" loading={removing} onClick={remove}>
              Oui, retirer la vidéo
            </Button>
            <Button variant="ghost" size="sm" disabled={removing} onClick={() => setConfirmingRemoval(false)}>
              Garder la vidéo
            </Button>
          </div>
        </div>
      ) : (
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            {/* The label is long: on a phone it may take two lines, so the pill grows with it. */}
            <FilePickButton
              inputId={id}
              accept={ACCEPTED.join(',')}
              inputLabel="Fichier de l'enregistrement"
              onFile={send}
              variant="secondary"
              size="sm"
              className="h-auto! min-h-9 py-1.5"
            >
              <Upload aria-hidden="true" className="size-4 shrink-0" />
              Téléverser l&apos;enregistrement (MP4 ou WebM)
            </FilePickButton>
            {hasVideo ? (
              <>
                <ButtonLink to={`/enregistrements/${encodeURIComponent(sessionId)}`} variant="ghost" size="sm">
                  Voir l&apos;enregistrement
                </ButtonLink>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-800 hover:bg-red-50 hover:text-red-900"
                  onClick={() => {
                    setProblem(null);
                    setConfirmingRemoval(true);
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Retirer la vidéo
                </Button>
              </>
            ) : null}
          </div>
          <p id={`${id}-hint`} className="text-sm text-muted">
            {hasVideo ? 'Un nouveau fichier remplace la vidéo en ligne une fois reçu.' : 'Les participants confirmés la regarderont depuis Mes Achats.'}
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
