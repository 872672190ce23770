// A chef's round portrait, or the first letter of the name when there is no photo (spec: chef list).
import type { ChefSummary } from '@shared/schemas/public';
import { ResponsiveImage } from '@client/components/ui/ResponsiveImage';
import { cn } from '@client/lib/cn';
import { chefInitial } from '../chef-text';

type ChefAvatarProps = {
  chef: Pick<ChefSummary, 'fullName' | 'avatarUrl'>;
  /** Rendered size in px (the image variant is chosen from it). */
  size: number;
  priority?: boolean;
  className?: string;
};

export function ChefAvatar({ chef, size, priority, className }: ChefAvatarProps) {
  if (!chef.avatarUrl) {
    return (
      <div
        aria-hidden="true"
        className={cn('flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-display font-semibold text-brand-800', className)}
        style={{ width: size, height: size, fontSize: size * 0.42 }}
      >
        {chefInitial(chef)}
      </div>
    );
  }
  return (
    <ResponsiveImage
      src={chef.avatarUrl}
      alt=""
      width={size}
      height={size}
      sizes={`${size}px`}
      priority={priority}
      className={cn('shrink-0 rounded-full', className)}
      style={{ width: size, height: size }}
    />
  );
}
