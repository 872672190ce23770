// A recorded course's video on its page. Whoever may watch (the server says so, by the same rule it
// applies to every byte it streams) gets the player where the course's picture stands, with 'Reprendre
// à 12:34' where they left off, their place kept as they watch, and 'Terminé' once done. Everyone
// else keeps the picture, and the page's body says why there is no video: not yet there, or to buy.
// Loaded on its own, after the page: a course page that plays nothing never downloads the player.
import { Lock, PlayCircle, RotateCcw, Video } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { formatPlaybackTime } from '@shared/schemas/learning';
import type { CourseDetail } from '@shared/schemas/public';
import { useAuth } from '@client/app/auth';
import { Button } from '@client/components/ui/Button';
import { ErrorPanel } from '@client/components/ui/ErrorPanel';
import { usePlayback, useSaveProgress } from './api';
import { CompletedBadge, CourseProgressBar } from './components/CourseProgressBar';
import { VideoPlayer } from './components/VideoPlayer';
import { resumePoint } from './progress-policy';
import { useProgressSaver } from './use-progress-saver';

type CourseRef = Pick<CourseDetail, 'id' | 'title'>;

/** The page's top: the player for whoever may watch, else (and while asking) the course's picture. */
export default function CourseVideo({ course, illustration }: { course: CourseRef; illustration: ReactNode }) {
  const playback = usePlayback(course.id).data;
  if (!playback?.canWatch || !playback.video) return <>{illustration}</>;
  return <Watch course={course} />;
}

/** The page's body: why there is no player, when there is none (nothing for whoever watches). */
export function CourseVideoNotice({ course }: { course: CourseRef }) {
  const query = usePlayback(course.id);
  if (query.isPending) return null;
  if (query.isError) {
    return <ErrorPanel title="Impossible de charger la vidéo du cours." message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  if (!query.data.canWatch) {
    return (
      <Notice icon={<Lock aria-hidden="true" className="size-6" />} title="Vidéo réservée aux participants">
        Achetez ce cours pour regarder sa vidéo à votre rythme, autant de fois que vous le voulez.
      </Notice>
    );
  }
  if (!query.data.video) {
    return (
      <Notice icon={<Video aria-hidden="true" className="size-6" />} title="Vidéo à venir">
        La vidéo de ce cours sera bientôt disponible.
      </Notice>
    );
  }
  return null;
}

function Watch({ course }: { course: CourseRef }) {
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
    <section aria-label="Regarder le cours" className="space-y-3">
      <VideoPlayer ref={element} video={video!} label={`Vidéo du cours « ${course.title} »`} onRetry={() => void query.refetch()} />

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

      {progress?.completed ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <CompletedBadge className="px-3 py-1 text-sm" />
          Vous avez vu ce cours jusqu&apos;au bout : revoyez-le quand vous voulez.
        </p>
      ) : progress ? (
        <CourseProgressBar percent={progress.percent} />
      ) : null}
    </section>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="course-video-notice" className="flex items-start gap-4 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</span>
      <div>
        <h2 id="course-video-notice" className="text-xl font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-muted">{children}</p>
      </div>
    </section>
  );
}
