import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export type BadgeTone = 'neutral' | 'brand' | 'herb' | 'saffron' | 'dark';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-white text-ink border border-line',
  brand: 'bg-brand-50 text-brand-800 border border-brand-100',
  herb: 'bg-herb text-white',
  saffron: 'bg-saffron text-ink',
  dark: 'bg-ink/85 text-white',
};

export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', TONES[tone], className)}>
      {children}
    </span>
  );
}
