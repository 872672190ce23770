// The membership screens' dialogs (province, cancellation) in the site's look: Radix keeps focus
// inside, Escape and the overlay close it, the title names it. While `busy` it stays open: the
// answer of the request under way is shown in it.
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  busy?: boolean;
  children: ReactNode;
};

export function Dialog({ open, onClose, title, description, busy = false, children }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-cream p-6 shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out] sm:p-8"
        >
          <RadixDialog.Title className="pr-10 font-display text-2xl text-ink">{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description> : null}
          <div className="mt-5">{children}</div>
          <RadixDialog.Close
            disabled={busy}
            className="absolute right-4 top-4 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-800 disabled:opacity-50"
            aria-label="Fermer"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
