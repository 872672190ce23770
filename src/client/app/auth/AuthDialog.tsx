// The authentication dialog (spec: modal, starts on login). The sign-in, sign-up and forgotten-password
// forms come with the accounts issue; until then the dialog says so plainly instead of showing a
// form that could not work.
import * as Dialog from '@radix-ui/react-dialog';
import { ChefHat, X } from 'lucide-react';
import { Button } from '@client/components/ui/Button';
import type { AuthDialogOptions, AuthDialogView } from './auth-context';

const TITLES: Record<AuthDialogView, string> = {
  login: 'Bienvenue !',
  signup: 'Rejoignez-nous !',
  forgotPassword: 'Mot de passe oublié ?',
};

type AuthDialogProps = {
  open: boolean;
  view: AuthDialogView;
  options: AuthDialogOptions;
  onOpenChange: (open: boolean) => void;
  onViewChange: (view: AuthDialogView) => void;
  /** The element to focus on close (the one that opened the dialog), if still on the page. */
  restoreFocus: () => HTMLElement | null;
};

export default function AuthDialog({ open, view, onOpenChange, restoreFocus }: AuthDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            const target = restoreFocus();
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-cream p-7 shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out]">
          <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
            <ChefHat className="size-6" />
          </div>
          <Dialog.Title className="font-display text-2xl font-semibold text-ink">{TITLES[view]}</Dialog.Title>
          <Dialog.Description className="mt-3 text-base leading-relaxed text-muted">
            La connexion et la création de compte arrivent très bientôt sur Toque. En attendant, tout le site
            public vous est ouvert : parcourez les cours, les recettes et nos chefs.
          </Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button>Continuer la visite</Button>
            </Dialog.Close>
          </div>
          <Dialog.Close
            className="absolute right-4 top-4 inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-brand-800"
            aria-label="Fermer"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
