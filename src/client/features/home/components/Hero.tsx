// The home hero (spec: two buttons, to /reserver-un-cours and /recettes). The headline is the first
// paint; on wide screens a photo of the next live course sits beside it (phones never download it).
import { CalendarClock, Sparkles } from 'lucide-react';
import { formatSessionDateTime } from '@shared/format';
import type { CourseSummary } from '@shared/schemas/public';
import { ButtonLink } from '@client/components/ui/Button';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { useDisplayTimeZone } from '@client/lib/use-time-zone';
import { MAIN_IMAGES } from '@shared/media';

type HeroProps = {
  nextCourse: CourseSummary | undefined;
  /** Shown when no live course is scheduled (e.g. the newest recipe's photo). */
  fallbackImage: string | null | undefined;
};

export function Hero({ nextCourse, fallbackImage }: HeroProps) {
  const timeZone = useDisplayTimeZone();
  const image = nextCourse?.imageUrl ?? fallbackImage;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-cream">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 pb-6 pt-8 sm:px-6 sm:pb-12 sm:pt-16 lg:grid-cols-[1.1fr_1fr] lg:pb-20">
        <div>
          <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-100">
            <Sparkles aria-hidden="true" className="size-4" />
            Cours de cuisine en ligne · Québec
          </p>
          <h1 id="hero-title" className="text-4xl font-semibold leading-[1.08] text-ink sm:text-5xl lg:text-6xl">
            Cuisinez avec une cheffe, <span className="text-brand-700">en direct de chez vous.</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">
            Des cours en direct en petits groupes, des vidéos à suivre à votre rythme et une bibliothèque de
            recettes du terroir québécois et de la cuisine française.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/reserver-un-cours" size="lg">
              Réserver un cours
            </ButtonLink>
            <ButtonLink to="/recettes" size="lg" variant="secondary">
              Voir les recettes
            </ButtonLink>
          </div>
        </div>
        {image ? (
          // In the server's HTML for every screen, shown on wide ones only; phones download nothing
          // (the picture's source exists under the same query as the server's preload hint, pages.ts).
          <div className="relative hidden lg:block">
            <div className="absolute -right-6 -top-6 size-40 rounded-full bg-saffron/25 blur-2xl" aria-hidden="true" />
            <ResponsiveImage
              src={image}
              alt=""
              width={1200}
              height={900}
              sizes={MAIN_IMAGES.homeHero.sizes}
              media={MAIN_IMAGES.homeHero.media}
              priority
              className="relative aspect-[4/3] w-full rounded-[2rem] shadow-xl ring-1 ring-black/5"
            />
            {nextCourse?.nextSessionAt ? (
              <div className="absolute -bottom-6 left-6 right-16 rounded-2xl bg-white p-4 shadow-lg ring-1 ring-line">
                <p className="flex items-center gap-2 text-sm font-semibold text-herb">
                  <CalendarClock aria-hidden="true" className="size-4" />
                  Prochain cours en direct
                </p>
                <p className="mt-1 font-display text-lg font-semibold leading-snug">{nextCourse.title}</p>
                <p className="text-sm text-muted">{formatSessionDateTime(nextCourse.nextSessionAt, timeZone)}</p>
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </section>
  );
}
