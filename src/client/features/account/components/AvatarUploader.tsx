// The picture of the personal-information card and its 'Changer de photo' button. A file the
// browser can already tell is refused (too big, not an image) is never sent; the server checks
// the rest (the bytes, the pixel count) and its French message is shown the same way.
import { useRef, useState, type ChangeEvent } from 'react';
import { AVATAR_ACCEPT } from '@shared/schemas/account';
import { Button } from '@client/components/ui/Button';
import { notifyError, notifySuccess } from '@client/lib/notify';
import { useUploadAvatar } from '../api';
import { avatarFileProblem } from '../avatar-file';
import { runMutation } from '@client/lib/run-mutation';

type AvatarUploaderProps = { fullName: string; avatarUrl: string | null };

export function AvatarUploader({ fullName, avatarUrl }: AvatarUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  // Kept on screen after the toast has gone: the person should still see why the photo did not change.
  const [problem, setProblem] = useState<string | null>(null);
  const initial = fullName.trim().charAt(0).toUpperCase() || '?';

  const refuse = (message: string) => {
    setProblem(message);
    notifyError("Échec de l'envoi", message);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    const local = avatarFileProblem(file);
    if (local) return refuse(local);
    setProblem(null);
    runMutation(upload, file, {
      onSuccess: () => notifySuccess('Avatar mis à jour !'),
      onError: (error) => refuse(error.message),
    });
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-display text-4xl font-semibold text-brand-800 ring-4 ring-brand-50">
        {avatarUrl ? (
          <img src={avatarUrl} alt={`Photo de profil de ${fullName}`} width={96} height={96} className="size-full object-cover" />
        ) : (
          <span aria-hidden="true">{initial}</span>
        )}
      </div>
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
          Changer de photo
        </Button>
        <input ref={input} type="file" accept={AVATAR_ACCEPT} hidden onChange={onChange} />
        <p className="text-sm text-muted">JPG, PNG, GIF ou WebP. Max 2 Mo.</p>
        <p aria-live="polite" className="text-center text-sm font-medium text-red-800 sm:text-left">
          {problem}
        </p>
      </div>
    </div>
  );
}
