// Image files for upload tests: real small images made with sharp, and hostile ones crafted byte by
// byte (a header declaring far more pixels than the file holds — a "decompression bomb").
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

/** A small real image in the given format. */
export async function imageBytes(format: ImageFormat, width = 64, height = 48): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });
  return base[format]().toBuffer();
}

/** A JPEG carrying EXIF fields (camera owner, a comment) that must not survive the upload. */
export async function jpegWithExif(marker = 'Secret-GPS-45.5017N-73.5673W'): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: marker, Copyright: marker, ImageDescription: marker } } })
    .toBuffer();
}

/** A valid GIF of a few dozen bytes whose screen and frame declare width × height pixels. */
export function gifDeclaring(width: number, height: number): Buffer {
  const lo = (n: number) => n & 0xff;
  const hi = (n: number) => (n >> 8) & 0xff;
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    lo(width), hi(width), lo(height), hi(height), 0x80, 0, 0, // screen: global colour table of 2
    0, 0, 0, 255, 255, 255,
    0x2c, 0, 0, 0, 0, lo(width), hi(width), lo(height), hi(height), 0, // one frame, full size
    2, 2, 0x4c, 0x01, 0, // a few bytes of LZW data
    0x3b,
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG with a valid header declaring width × height RGB pixels and almost no pixel data. */
export function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
