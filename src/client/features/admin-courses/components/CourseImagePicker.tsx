// The course's picture: a preview (the chosen file at once, then the stored one) and a button to
// choose another. The browser only spares a doomed upload (size, declared type); the server decides
// by the file's bytes and keeps a 1200 × 675 WebP. On the creation page the file waits for the
// course to exist (`onChoose`); on the edit page it is sent at once (`upload`).
import { ImageUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { ERROR_MESSAGES } from '@shared/errors';
import { COURSE_IMAGE_ACCEPT, COURSE_IMAGE_MAX_BYTES } from '@shared/schemas/admin-courses';
import { FilePickButton } from '@client/components/ui/FilePickButton';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';

const ACCEPTED = COURSE_IMAGE_ACCEPT.split(',');

export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > COURSE_IMAGE_MAX_BYTES) return ERROR_MESSAGES.FILE_TOO_LARGE;
  if (file.type && !ACCEPTED.includes(file.type)) return ERROR_MESSAGES.UNSUPPORTED_IMAGE_TYPE;
  return null;
}

type Props = {
  /** The stored picture's URL. */
  current: string | null;
  onChoose: (file: File) => void | Promise<unknown>;
  busy?: boolean;
  /** The server's refusal of the last upload. */
  error?: string | null;
};

export function CourseImagePicker({ current, onChoose, busy = false, error }: Props) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // Once the server has the new picture, the stored one is shown.
  useEffect(() => setPreview(null), [current]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    const reason = imageFileProblem(file);
    setProblem(reason);
    if (reason) return;
    setPreview(URL.createObjectURL(file));
    void onChoose(file);
  };

  const message = problem ?? error ?? null;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <div className="w-full overflow-hidden rounded-2xl border border-line bg-white sm:w-64">
        {preview ? (
          <img src={preview} alt="Aperçu de l'image choisie" className="aspect-[16/9] w-full object-cover" />
        ) : (
          <ResponsiveImage src={current} alt={current ? 'Image actuelle du cours' : 'Aucune image'} width={16} height={9} sizes="256px" className="aspect-[16/9] w-full object-cover" />
        )}
      </div>
      <div className="space-y-2">
        <FilePickButton inputId={id} accept={COURSE_IMAGE_ACCEPT} inputLabel="Image du cours" onFile={choose} variant="secondary" size="sm" loading={busy}>
          <ImageUp aria-hidden="true" className="size-4" />
          {current || preview ? "Changer l'image" : 'Choisir une image'}
        </FilePickButton>
        <p id={`${id}-hint`} className="text-sm text-muted">
          JPG, PNG, GIF ou WebP, 2 Mo au maximum. Recadrée en 16:9.
        </p>
        {message ? (
          <p role="alert" className="text-sm font-medium text-red-800">
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
