// Toasts without putting sonner (~10 KB gzip) on the critical path of every page: the library loads
// on the first toast (or when the browser is idle, see ToasterHost). Same call shape as sonner's
// `toast` for what the app uses: toast(title, options), toast.error / .success / .info, toast.dismiss.
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | null = null;
let requestToaster: (() => void) | null = null;

/** Called by <ToasterHost> with the function that mounts sonner's <Toaster>. */
export function registerToasterHost(mount: () => void): void {
  requestToaster = mount;
}

function load(): Promise<Sonner> {
  // sonner replays toasts created before its <Toaster> subscribed, so nothing waits for the mount.
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
