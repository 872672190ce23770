import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type Storage, type StoredObject } from './storage';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

/** Files under one folder; the content type follows from the key's extension. */
export function localDiskStorage(root: string): Storage {
  const file = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${Date.now()}.part`;
      try {
        if (Buffer.isBuffer(data)) await writeFile(tmp, data);
        else await pipeline(data, createWriteStream(tmp));
        // Readers never see a half-written file.
        await rename(tmp, target);
      } catch (err) {
        // A stream that failed half-way (too large, wrong type, client gone) leaves nothing behind.
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key): Promise<StoredObject | null> {
      const target = file(key);
      const info = await stat(target).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        size: info.size,
        contentType: CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream',
        open: (range) => createReadStream(target, range),
      };
    },
    async exists(key) {
      return (await stat(file(key)).catch(() => null))?.isFile() ?? false;
    },
    async delete(key) {
      await rm(file(key), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `/media/${key}`;
    },
  };
}

