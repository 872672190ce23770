// The Storage port: where uploaded and generated files live. Local disk today; S3-compatible later.
import type { Readable } from 'node:stream';

export type StoredObject = {
  size: number;
  contentType: string;
  /** Reads bytes [start, end] inclusive, or the whole object. */
  open(range?: { start: number; end: number }): Readable;
};

export interface Storage {
  /**
   * Stores the bytes under the key. A Readable is streamed (never held whole in memory); if it
   * errors (the caller's size or type check, a client gone) the put rejects with that error and
   * nothing is left under the key — readers never see a partial file.
   */
  put(key: string, data: Buffer | Readable, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /** The public path the browser uses for a key (served by the app under /media). */
  publicUrl(key: string): string;
}

/** Keys are our own generated names: a safe relative path of plain segments. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.includes('..')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
