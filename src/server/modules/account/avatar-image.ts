// An avatar is an uploaded picture (integrations/storage/images.ts: type by its bytes, pixel
// count checked before decoding, re-encoded) kept as a square.
import { IMAGE_MAX_PIXELS, toStoredImage } from '../../integrations/storage/images';

export { sniffImage, type ImageKind } from '../../integrations/storage/images';

/** Above this an image is refused before decoding. */
export const AVATAR_MAX_PIXELS = IMAGE_MAX_PIXELS;
/** The stored avatar: a square this many pixels wide, as WebP. */
export const AVATAR_SIZE = 512;

/** Checks the bytes and returns the avatar to store (WebP, AVATAR_SIZE square, no metadata). */
export function toAvatar(bytes: Buffer): Promise<Buffer> {
  return toStoredImage(bytes, { width: AVATAR_SIZE, height: AVATAR_SIZE });
}
