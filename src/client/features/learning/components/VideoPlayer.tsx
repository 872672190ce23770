// The one video player of the site: the browser's own controls (keyboard, captions menu, full
// screen, speed), fed from our same-origin streaming route, which checks the right to watch on every
// byte range. Says while the first bytes come, and when the video cannot be read — a lost right, a
// network cut — with a way to try again.
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { PlayableVideo } from '@shared/schemas/learning';
import { Button } from '@client/components/ui/Button';
import { Spinner } from '@client/components/ui/Spinner';

type VideoPlayerProps = {
  video: PlayableVideo;
  /** Names the player for screen readers, e.g. 'Vidéo du cours « Pâtes fraîches »'. */
  label: string;
  /** Besides reading the video again (e.g. asking the server whether the viewer may still watch). */
  onRetry?: () => void;
};

type State = 'loading' | 'ready' | 'error';

export const VIDEO_ERROR_MESSAGE = 'La vidéo ne peut pas être lue pour le moment.';

export const VideoPlayer = forwardRef<HTMLVideoElement | null, VideoPlayerProps>(function VideoPlayer({ video, label, onRetry }, ref) {
  const element = useRef<HTMLVideoElement>(null);
  useImperativeHandle<HTMLVideoElement | null, HTMLVideoElement | null>(ref, () => element.current, []);
  const [state, setState] = useState<State>('loading');

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    // The metadata may have arrived before this effect ran (a cached first range).
    setState(el.error ? 'error' : el.readyState >= HTMLMediaElement.HAVE_METADATA ? 'ready' : 'loading');
    const ready = () => setState('ready');
    const failed = () => setState('error');
    el.addEventListener('loadedmetadata', ready);
    el.addEventListener('error', failed);
    return () => {
      el.removeEventListener('loadedmetadata', ready);
      el.removeEventListener('error', failed);
    };
  }, [video.url]);

  const retry = () => {
    setState('loading');
    onRetry?.();
    element.current?.load();
  };

  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-ink shadow-sm">
      <video
        ref={element}
        src={video.url}
        controls
        preload="metadata"
        playsInline
        controlsList="nodownload"
        aria-label={label}
        data-state={state}
        className="size-full object-contain"
      >
        {/* Only a browser without HTML video shows this. */}
        Votre navigateur ne peut pas lire cette vidéo.
      </video>
      {state === 'loading' ? (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center text-white">
          <Spinner label="Chargement de la vidéo…" className="size-10" />
        </div>
      ) : null}
      {state === 'error' ? (
        <div role="alert" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink/95 p-6 text-center text-white">
          <AlertTriangle aria-hidden="true" className="size-8 text-saffron" />
          <p className="max-w-sm font-medium">{VIDEO_ERROR_MESSAGE}</p>
          <Button variant="secondary" size="sm" onClick={retry}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Réessayer
          </Button>
        </div>
      ) : null}
    </div>
  );
});
