// A WOFF 1.0 font file back to the TrueType/OpenType file it wraps (W3C WOFF 1.0, §4–5): each table
// inflated when stored compressed, laid out again after a fresh table directory. fontconfig, which
// finds the fonts a Chromium on Linux may use, reads no WOFF.
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/** The sfnt bytes of a WOFF file. Throws on anything that is not WOFF 1.0. */
export function woffToSfnt(woff) {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = [];
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((d) => woff.readUInt32BE(at + d));
    const stored = woff.subarray(offset, offset + compLength);
    tables.push({ tag, checksum, length: origLength, data: compLength < origLength ? inflateSync(stored) : stored });
  }
  // The directory's search fields (OpenType's table directory).
  const maxPower = 2 ** Math.floor(Math.log2(count));
  const directory = Buffer.alloc(12 + 16 * count);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(maxPower * 16, 6);
  directory.writeUInt16BE(Math.log2(maxPower), 8);
  directory.writeUInt16BE(count * 16 - maxPower * 16, 10);
  const parts = [directory];
  let offset = directory.length;
  tables.forEach((t, i) => {
    const entry = 12 + i * 16;
    directory.writeUInt32BE(t.tag, entry);
    directory.writeUInt32BE(t.checksum, entry + 4);
    directory.writeUInt32BE(offset, entry + 8);
    directory.writeUInt32BE(t.length, entry + 12);
    const padding = (4 - (t.length % 4)) % 4; // every table starts on a 4-byte boundary
    parts.push(t.data, Buffer.alloc(padding));
    offset += t.length + padding;
  });
  return Buffer.concat(parts);
}
