// The browser's only way to the API: JSON in, JSON out, errors as ApiError with a French message.
import { ERROR_MESSAGES, type ApiErrorBody, type ErrorCode } from '@shared/errors';
import { INITIAL_DATA_ID } from '@shared/initial-data';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

export async function api<T>(path: string, init: RequestInit & { query?: Query } = {}): Promise<T> {
  const { query, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(withQuery(`/api${path}`, query), {
      credentials: 'same-origin',
      ...rest,
      // A string body is our JSON; FormData (an upload) gets its multipart boundary from the browser.
      headers: { Accept: 'application/json', ...(typeof rest.body === 'string' ? { 'Content-Type': 'application/json' } : {}), ...rest.headers },
    });
  } catch {
    throw new ApiError(0, 'SERVICE_UNAVAILABLE', 'Impossible de joindre le serveur. Vérifiez votre connexion.');
  }
  if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
  const body = (await res.json().catch(() => null)) as ApiErrorBody | null;
  const code = body?.error?.code ?? 'INTERNAL';
  throw new ApiError(res.status, code, body?.error?.message ?? ERROR_MESSAGES.INTERNAL, body?.error?.fields);
}

let initialData: Record<string, unknown> | undefined;

/** The JSON block the server embedded in the page (never a script: the CSP allows none inline), parsed once. */
function initialDataStore(): Record<string, unknown> {
  // The server's render has its answers in its query cache already (entry-server.tsx): a read it
  // was not given (the header's unread count) stays pending there, as in the browser's hydration.
  if (typeof document === 'undefined') return {};
  if (!initialData) {
    const text = document.getElementById(INITIAL_DATA_ID)?.textContent;
    initialData = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }
  return initialData;
}

/** Initial data the server embedded in the page for the first route, read once. */
export function takeInitialData<T>(key: string): T | undefined {
  const store = initialDataStore();
  if (!(key in store)) return undefined;
  const value = store[key] as T;
  delete store[key];
  return value;
}
