// One chef in the list (spec: avatar with first-letter fallback, name, specialty, bio on 3 lines).
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import type { ChefSummary } from '@shared/schemas/public';
import { Card } from '@client/components/ui/Card';
import { chefBio, chefSpecialty } from '../chef-text';
import { ChefAvatar } from './ChefAvatar';

export function ChefCard({ chef, index }: { chef: ChefSummary; index: number }) {
  // Spec: cards enter one after another, 0.1 s apart (app.css stops it under reduced motion).
  const style: CSSProperties = { animationDelay: `${index * 0.1}s` };
  return (
    <Card
      as="article"
      style={style}
      className="group relative flex h-full animate-[rise-in_450ms_ease-out_both] flex-col items-center gap-3 p-6 text-center transition-shadow hover:shadow-md has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600"
    >
      <ChefAvatar chef={chef} size={112} priority={index < 3} className="ring-4 ring-brand-50" />
      <h2 className="mt-2 text-xl font-semibold">
        <Link
          to={`/chefs/${chef.id}`}
          className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-800 focus-visible:outline-none"
        >
          {chef.fullName}
        </Link>
      </h2>
      <p className="text-sm font-semibold text-brand-700">{chefSpecialty(chef)}</p>
      <p className="line-clamp-3 text-muted">{chefBio(chef)}</p>
      <p aria-hidden="true" className="mt-auto pt-2 text-sm font-semibold text-brand-700 underline-offset-4 group-hover:underline">
        Voir le profil
      </p>
    </Card>
  );
}
