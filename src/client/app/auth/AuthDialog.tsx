// The authentication dialog (spec: modal, three views, starts on login). The shell holds what the
// views share: the view's title and subtitle, the two loading flags (form and identity provider),
// the failure shown in the form, the address carried from one view to the next, and what happens
// once signed in (session read again, dialog closed, back to where the person was headed).
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { ChefHat, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { MeResponse } from '@shared/schemas/auth';
import { notifyError } from '@client/lib/notify';
import { ME_QUERY_KEY, type AuthDialogOptions, type AuthDialogView } from './auth-context';
import { ForgotPasswordView } from './dialog/ForgotPasswordView';
import { IdentityProviderSection, identityProviderUrl } from './dialog/IdentityProviderSection';
import { LoginView } from './dialog/LoginView';
import { SignupView } from './dialog/SignupView';
import { toastFailure } from './dialog/failure';
import type { Busy, ViewProps } from './dialog/view-props';
import { refreshSession } from './session-cache';

const HEADINGS: Record<AuthDialogView, { title: string; subtitle: string }> = {
  login: { title: 'Bienvenue !', subtitle: 'Connectez-vous pour accéder à votre espace.' },
  signup: { title: 'Rejoignez-nous !', subtitle: "Créez un compte pour commencer l'aventure." },
  forgotPassword: { title: 'Mot de passe oublié ?', subtitle: 'Entrez votre email pour recevoir un lien de réinitialisation.' },
};

const VIEWS = { login: LoginView, signup: SignupView, forgotPassword: ForgotPasswordView } satisfies Record<
  AuthDialogView,
  (props: ViewProps) => ReactNode
>;

type AuthDialogProps = {
  open: boolean;
  view: AuthDialogView;
  options: AuthDialogOptions;
  onOpenChange: (open: boolean) => void;
  onViewChange: (view: AuthDialogView) => void;
  /** The element to focus on close (the one that opened the dialog), if still on the page. */
  restoreFocus: () => HTMLElement | null;
};

const SESSION_NOT_KEPT =
  "Votre navigateur n'a pas conservé la session. Vérifiez que les cookies sont autorisés pour ce site, puis réessayez.";

const currentPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

export default function AuthDialog({ open, view, options, onOpenChange, onViewChange, restoreFocus }: AuthDialogProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<ReactNode>(null);
  const [email, setEmail] = useState('');
  const content = useRef<HTMLDivElement>(null);

  // A failure belongs to the attempt it explains: a new opening or another view starts clean.
  useEffect(() => {
    if (open) setFailure(null);
    // The address is carried between views of one opening only.
    else setEmail('');
  }, [open, view]);

  // Back from the provider's page through the browser's history: the page may be restored as it was
  // left, spinner included.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  const switchTo = useCallback(
    (next: AuthDialogView, typedEmail: string) => {
      setEmail(typedEmail);
      onViewChange(next);
      // The link that was pressed is gone: put focus on the new view's first field.
      requestAnimationFrame(() => content.current?.querySelector<HTMLInputElement>('input')?.focus());
    },
    [onViewChange],
  );

  const submit = useCallback(async (action: () => Promise<void>) => {
    setFailure(null);
    setBusy('submit');
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }, []);

  const signedIn = useCallback(async () => {
    await refreshSession(queryClient);
    if (!queryClient.getQueryData<MeResponse>(ME_QUERY_KEY)?.user) {
      // The server opened a session but the browser did not keep its cookie (a Secure cookie on a
      // site served over plain HTTP): say so rather than close as if signed in.
      notifyError('Échec de la connexion', SESSION_NOT_KEPT);
      setFailure(SESSION_NOT_KEPT);
      return;
    }
    close();
    options.onSignedIn?.();
  }, [queryClient, close, options]);

  const startIdentityProvider = useCallback(async () => {
    setFailure(null);
    setBusy('identityProvider');
    try {
      // The flag stays up while the browser leaves for the provider.
      window.location.assign(await identityProviderUrl(options.returnTo ?? currentPath()));
    } catch (error) {
      setFailure(toastFailure('Échec de la connexion', error));
      setBusy(null);
    }
  }, [options.returnTo]);

  const View = VIEWS[view];
  const heading = HEADINGS[view];

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          ref={content}
          onCloseAutoFocus={(event) => {
            // The opener may be gone (after signing in, the header's button became the avatar menu):
            // then the page's main content, rather than nowhere.
            const target = restoreFocus() ?? document.getElementById('contenu');
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-cream p-6 shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out] sm:p-8"
        >
          <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
            <ChefHat className="size-6" />
          </div>
          <Dialog.Title className="font-display text-2xl font-semibold text-ink">{heading.title}</Dialog.Title>
          <Dialog.Description className="mb-6 mt-1.5 text-base text-muted">{heading.subtitle}</Dialog.Description>
          <View
            key={view}
            busy={busy}
            email={email}
            switchTo={switchTo}
            submit={submit}
            failure={failure}
            setFailure={setFailure}
            signedIn={signedIn}
            close={close}
            identityProvider={<IdentityProviderSection busy={busy} onStart={startIdentityProvider} />}
          />
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
