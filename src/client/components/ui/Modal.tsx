// The site's dialogs (calendar, membership…) in its look (Radix: focus kept inside, Escape and the overlay
// close it, the title names it for screen readers). While `busy`, it cannot be closed: the
// answer of the request under way is shown in it.
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Read with the title; omit when the body says it all. */
  description?: ReactNode;
  busy?: boolean;
  className?: string;
  children: ReactNode;
};

export function Modal({ open, onClose, title, description, busy = false, className, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next || busy ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          // Without a description, say so (Radix otherwise points aria-describedby at nothing and warns).
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-cream p-6 shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out] sm:p-8',
            className,
          )}
        >
          <Dialog.Title className="pr-10 font-display text-2xl text-ink">{title}</Dialog.Title>
          {description ? <Dialog.Description className="mt-2 text-muted">{description}</Dialog.Description> : null}
          <div className="mt-5">{children}</div>
          <Dialog.Close
            disabled={busy}
            className="absolute right-4 top-4 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-800 disabled:opacity-50"
            aria-label="Fermer"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
