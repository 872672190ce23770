// Home: one chef, with a link to the profile (spec: one chef profile block).
import { ArrowRight, Quote } from 'lucide-react';
import type { ChefSummary } from '@shared/schemas/public';
import { ButtonLink } from '@client/components/ui/Button';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { ChefAvatar, chefBio, chefSpecialty } from '@client/features/chefs';

export function ChefBlock({ chef }: { chef: ChefSummary }) {
  return (
    <section aria-labelledby="home-chef" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="grid overflow-hidden rounded-[2rem] bg-ink text-cream md:grid-cols-[2fr_3fr]">
        <div className="relative min-h-64 bg-brand-800">
          {chef.avatarUrl ? (
            <ResponsiveImage
              src={chef.avatarUrl}
              alt={`Portrait de ${chef.fullName}`}
              width={768}
              height={768}
              sizes="(min-width: 768px) 40vw, 100vw"
              className="absolute inset-0 size-full object-[center_25%]"
            />
          ) : (
            <div className="flex h-full items-center justify-center p-10">
              <ChefAvatar chef={chef} size={160} className="bg-brand-100" />
            </div>
          )}
        </div>
        <div className="flex flex-col justify-center gap-4 p-7 sm:p-10">
          <p className="text-sm font-semibold uppercase tracking-wider text-saffron">Derrière les fourneaux</p>
          <h2 id="home-chef" className="text-3xl font-semibold text-white sm:text-4xl">
            {chef.fullName}
          </h2>
          <p className="font-semibold text-brand-100">{chefSpecialty(chef)}</p>
          <div className="relative">
            <Quote aria-hidden="true" className="absolute -left-1 -top-1 size-6 text-brand-600" />
            <p className="line-clamp-5 pl-8 leading-relaxed text-cream/90">{chefBio(chef)}</p>
          </div>
          <div>
            <ButtonLink to={`/chefs/${chef.id}`} variant="secondary" className="mt-2 border-white bg-white">
              Découvrir son profil
              <ArrowRight aria-hidden="true" className="size-4" />
            </ButtonLink>
          </div>
        </div>
      </div>
    </section>
  );
}
