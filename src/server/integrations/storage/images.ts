// What makes an upload an acceptable picture (an avatar, a recipe's photo…), and the picture we
// keep of it. The type is decided by the file's first bytes, never its name or the Content-Type
// the browser sent; the header's size is checked before any pixel is decoded (a 35-byte GIF can
// declare 30,000 × 30,000 pixels); the kept file is a fresh encoding (only pixels survive: EXIF,
// GPS, comments and anything appended to the image are gone) under a name the caller makes up.
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/app-error';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

/** Above this an image is refused before decoding: 40 MP is far past any phone photo's needs. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** CPU bound for one decode and encode. */
const PROCESS_TIMEOUT_SECONDS = 10;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The image format the bytes begin with, among the four we take; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Checks the bytes and returns the picture to store: WebP, cropped to width × height, no metadata. */
export async function toStoredImage(bytes: Buffer, size: { width: number; height: number }): Promise<Buffer> {
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_IMAGE_TYPE');

  // The header only: no pixel is decoded here, whatever size it declares.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw new AppError('IMAGE_UNREADABLE');
  }
  // The decoder must agree with the signature (a PNG signature on other bytes is not a PNG).
  if (meta.format !== kind) throw new AppError('UNSUPPORTED_IMAGE_TYPE');
  if (!meta.width || !meta.height) throw new AppError('IMAGE_UNREADABLE');
  if (meta.width * meta.height > IMAGE_MAX_PIXELS) throw new AppError('IMAGE_TOO_MANY_PIXELS');

  try {
    return await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, pages: 1, failOn: 'error' })
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .rotate() // applies the EXIF orientation, which the re-encoding then drops
      .resize(size.width, size.height, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    throw new AppError('IMAGE_UNREADABLE');
  }
}
