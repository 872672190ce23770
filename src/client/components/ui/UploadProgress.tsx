// A file on its way to the server: its name, the share sent (announced politely) and a way to stop.
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';

export type UploadState = { sent: number; total: number; name: string };

export const uploadPercent = (p: UploadState): number => (p.total > 0 ? Math.min(100, Math.round((p.sent / p.total) * 100)) : 0);

export function UploadProgress({
  progress,
  label,
  stopLabel,
  onStop,
  children,
}: {
  progress: UploadState;
  /** The progress bar's accessible name ('Envoi de la vidéo'). */
  label: string;
  stopLabel: string;
  onStop: () => void;
  /** More detail under the bar (bytes sent…). */
  children?: ReactNode;
}) {
  const percent = uploadPercent(progress);
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="break-all text-sm text-ink">
        Envoi de « {progress.name} » : {percent} %
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-brand-50"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {children}
      <Button variant="ghost" size="sm" onClick={onStop}>
        <X aria-hidden="true" className="size-4" />
        {stopLabel}
      </Button>
    </div>
  );
}
