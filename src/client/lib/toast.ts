// Toasts without putting sonner (~10 KB gzip) in every page's first load: the library and its
// <Toaster> load on the first toast. Import `toast` from here, never from 'sonner'. Same call shape
// as sonner's `toast` for what the app uses: toast(title, options), toast.error / .success / .info,
// toast.dismiss.
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let requestToaster: (() => void) | null = null;
let toasterWanted = false;

/**
 * Called by <ToasterHost> with the function that mounts sonner's <Toaster>. A page's effect can
 * toast before the host's own effect has run: the mount then happens as soon as it registers.
 */
export function registerToasterHost(mount: () => void): void {
  requestToaster = mount;
  if (toasterWanted) mount();
}

function load(): Promise<Sonner> {
  // sonner replays toasts created before its <Toaster> subscribed, so nothing waits for the mount.
  toasterWanted = true;
  requestToaster?.();
  sonner ??= import('sonner');
  return sonner;
}

function show(kind: 'message' | 'error' | 'success' | 'info', title: string, options?: ExternalToast): void {
  void load().then(({ toast: t }) => {
    if (kind === 'message') t(title, options);
    else t[kind](title, options);
  });
}

export const toast = Object.assign((title: string, options?: ExternalToast) => show('message', title, options), {
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
  dismiss: (id?: string | number) => {
    if (sonner) void sonner.then(({ toast: t }) => t.dismiss(id));
  },
});
