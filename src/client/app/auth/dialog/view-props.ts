// What the dialog's shell gives each of its three views.
import type { ReactNode } from 'react';
import type { AuthDialogView } from '../auth-context';

/** Spec §4: two loading flags, the form's submission and the identity provider's. */
export type Busy = 'submit' | 'identityProvider' | null;

export type ViewProps = {
  busy: Busy;
  /** The address typed in the previous view, carried over. */
  email: string;
  switchTo: (view: AuthDialogView, email: string) => void;
  /** Runs the view's submission with the submit flag raised. */
  submit: (action: () => Promise<void>) => Promise<void>;
  /** Why the last attempt failed (shown in the form, role=alert), or null. */
  failure: ReactNode;
  setFailure: (failure: ReactNode) => void;
  /** The session changed: read it again, close, and go back where the person was headed. */
  signedIn: () => Promise<void>;
  close: () => void;
  /** 'Ou continuer avec' and the provider's button, when one is configured. */
  identityProvider: ReactNode;
};
