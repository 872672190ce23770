// A video (a recorded course's, a live session's recording) arrives as the raw request body and goes
// to storage as a stream: the file is never held whole in memory (VIDEO_MAX_MB defaults to 500). Its type is decided by its first bytes, never
// by its name or the Content-Type sent; its size is counted while it streams, and the stream fails
// the moment it passes the limit (storage then removes what it had written).
import { Readable } from 'node:stream';
import { AppError } from './app-error';

export type VideoKind = { contentType: 'video/mp4' | 'video/webm'; extension: 'mp4' | 'webm' };

/** Enough of the file to see its signature and a WebM's DocType. */
const HEAD_BYTES = 64;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** ISO base-media brands that are pictures, not videos (an iPhone's HEIC photo is an 'ftyp' file too). */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/**
 * MP4: an ISO base-media file starts with its 'ftyp' box (size, then 'ftyp' at offset 4, then the
 * major brand). WebM: the EBML magic 1A 45 DF A3 and, in the header that follows, the DocType
 * 'webm' (the same magic with 'matroska' is an MKV, which browsers do not all play).
 */
export function sniffVideo(head: Uint8Array): VideoKind | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    return IMAGE_BRANDS.has(ascii(head, 8, 12)) ? null : { contentType: 'video/mp4', extension: 'mp4' };
  }
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
    return ascii(head, 4, Math.min(head.length, HEAD_BYTES)).includes('webm') ? { contentType: 'video/webm', extension: 'webm' } : null;
  }
  return null;
}

export type IncomingVideo = {
  kind: VideoKind;
  /** The whole file, head included, failing with VIDEO_TOO_LARGE once past the limit. */
  stream: Readable;
  /** Bytes that went through so far (the file's size once the stream has ended). */
  bytesRead: () => number;
};

/**
 * Reads the first bytes to decide the type, then hands back a stream of the whole body that counts
 * as it goes. An unknown type or an over-limit body cancels the request body at once (415 / 413).
 */
export async function openVideo(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<IncomingVideo> {
  if (!body) throw new AppError('UNSUPPORTED_VIDEO_TYPE');
  const reader = body.getReader();
  const first: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const stop = () => void reader.cancel().catch(() => {});

  while (total < HEAD_BYTES) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    first.push(value);
    total += value.length;
  }
  const head = Buffer.concat(first);
  const kind = sniffVideo(head);
  if (!kind) {
    stop();
    throw new AppError('UNSUPPORTED_VIDEO_TYPE');
  }
  if (total > maxBytes) {
    stop();
    throw new AppError('VIDEO_TOO_LARGE');
  }

  async function* chunks() {
    let finished = ended;
    try {
      yield head;
      while (!finished) {
        const { done, value } = await reader.read();
        if (done) {
          finished = true;
          break;
        }
        total += value.length;
        // Counted before the chunk is written: storage never receives a byte past the limit.
        if (total > maxBytes) throw new AppError('VIDEO_TOO_LARGE');
        yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      }
    } finally {
      // Refused, or storage failed: the client's upload is cut off rather than read to the end.
      if (!finished) stop();
    }
  }

  return { kind, stream: Readable.from(chunks(), { objectMode: false }), bytesRead: () => total };
}
