// A video sent as the request's body (PUT), by XMLHttpRequest rather than fetch: only it reports the
// upload's progress. The server decides the type by the file's first bytes and keeps nothing when the
// upload is stopped; the Content-Type header only has to be one of the two the routes take.
import { ERROR_MESSAGES, type ApiErrorBody } from '@shared/errors';
import { ApiError } from './api';

/**
 * The French reason for a refusal whose body could not be read (a proxy's own 413 page, say);
 * `conflict` is what a 409 means on that route.
 */
export function uploadRefusal(status: number, conflict: string = ERROR_MESSAGES.INTERNAL): string {
  if (status === 415) return ERROR_MESSAGES.UNSUPPORTED_VIDEO_TYPE;
  if (status === 413) return ERROR_MESSAGES.VIDEO_TOO_LARGE;
  if (status === 409) return conflict;
  return ERROR_MESSAGES.INTERNAL;
}

export function putVideo<T>(
  url: string,
  file: File,
  onProgress: (sent: number, total: number) => void,
  options: { signal?: AbortSignal; conflict?: string } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type === 'video/webm' ? 'video/webm' : 'video/mp4');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const error = (body as ApiErrorBody | null)?.error;
      reject(new ApiError(xhr.status, error?.code ?? 'INTERNAL', error?.message ?? uploadRefusal(xhr.status, options.conflict), error?.fields));
    };
    xhr.onerror = () => reject(new ApiError(0, 'SERVICE_UNAVAILABLE', 'Impossible de joindre le serveur. Vérifiez votre connexion.'));
    xhr.onabort = () => reject(new ApiError(0, 'BAD_REQUEST', 'Envoi annulé.'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
