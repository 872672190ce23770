// The course page's 'Regarder le cours' section for a recorded course the viewer may open: the
// player for whoever may watch (the server says so, from the same rule it applies to every byte),
// with 'Reprendre à 12:34' where they left off and their place kept as they watch; a word that the
// video comes when there is none yet; and, for someone who has not bought it, what the video needs.
// Loaded on its own, after the page: a course page that plays nothing never downloads it.
import { Lock, PlayCircle, RotateCcw, Video } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatPlaybackTime } from '@shared/schemas/learning';
import type { CourseDetail } from '@shared/schemas/public';
import { useAuth } from '@client/app/auth';
import { Button } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { Skeleton } from '@client/components/ui/Skeleton';
import { usePlayback, useSaveProgress } from './api';
import { CompletedBadge, CourseProgressBar } from './components/CourseProgressBar';
import { VideoPlayer } from './components/VideoPlayer';
import { resumePoint } from './progress-policy';
import { useProgressSaver } from './use-progress-saver';

const HEADING_ID = 'course-watch';

export default function CoursePlayer({ course }: { course: Pick<CourseDetail, 'id' | 'title'> }) {
  const query = usePlayback(course.id);

  if (query.isPending) return <CoursePlayerSkeleton />;
  if (query.isError) {
    return (
      <ErrorPanel title="Impossible de charger la vidéo du cours." message={query.error.message} onRetry={() => void query.refetch()} />
    );
  }
  const playback = query.data;
  if (!playback.canWatch) return <VideoLockedPanel />;
  if (!playback.video) {
    return (
      <Notice icon={<Video aria-hidden="true" className="size-6" />} title="Vidéo à venir">
        La vidéo de ce cours sera bientôt disponible.
      </Notice>
    );
  }
  return <Watch course={course} />;
}

/** Holds the player's place while the right to watch is asked (the page's own skeleton, too). */
export function CoursePlayerSkeleton() {
  return (
    <div role="status" aria-label="Chargement de la vidéo du cours">
      <Skeleton className="aspect-video w-full rounded-2xl" />
    </div>
  );
}

function Watch({ course }: { course: Pick<CourseDetail, 'id' | 'title'> }) {
  const { user } = useAuth();
  const query = usePlayback(course.id);
  const { video, progress } = query.data!;
  const element = useRef<HTMLVideoElement | null>(null);
  const save = useSaveProgress(course.id);
  // Only a signed-in learner has a place to keep; a visitor watching a free course has none.
  useProgressSaver(element, save, user !== null);

  // The offer to resume stands until the learner plays or moves the playhead themselves.
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const start = () => setStarted(true);
    el.addEventListener('play', start);
    el.addEventListener('seeking', start);
    return () => {
      el.removeEventListener('play', start);
      el.removeEventListener('seeking', start);
    };
  }, []);
  const resumeAt = started ? null : resumePoint(progress);

  const playFrom = (seconds: number) => {
    const el = element.current;
    if (!el) return;
    el.currentTime = seconds;
    // Refused only if the browser will not play at all; its controls stay there to try again.
    el.play().catch(() => undefined);
    el.focus();
  };

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={HEADING_ID} className="text-2xl font-semibold text-ink">
          Regarder le cours
        </h2>
        {progress?.completed ? <CompletedBadge className="text-sm" /> : null}
      </div>

      {resumeAt !== null ? (
        <div className="flex flex-col gap-3 rounded-2xl border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-ink">
            Vous en étiez à <strong>{formatPlaybackTime(resumeAt)}</strong>.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => playFrom(resumeAt)}>
              <PlayCircle aria-hidden="true" className="size-4" />
              Reprendre à {formatPlaybackTime(resumeAt)}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => playFrom(0)}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Recommencer au début
            </Button>
          </div>
        </div>
      ) : null}

      <VideoPlayer ref={element} video={video!} label={`Vidéo du cours « ${course.title} »`} onRetry={() => void query.refetch()} />

      {progress && !progress.completed ? <CourseProgressBar percent={progress.percent} /> : null}
    </section>
  );
}

/** Someone who may read about the course but not watch it: what would open the video. */
function VideoLockedPanel() {
  return (
    <Notice icon={<Lock aria-hidden="true" className="size-6" />} title="Vidéo réservée aux participants">
      Achetez ce cours pour regarder sa vidéo à votre rythme, autant de fois que vous le voulez.
    </Notice>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={HEADING_ID} className="flex items-start gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <div>
        <h2 id={HEADING_ID} className="text-xl font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-muted">{children}</p>
      </div>
    </section>
  );
}
