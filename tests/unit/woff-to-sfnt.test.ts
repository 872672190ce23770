// The WOFF → TrueType unwrapping that gives the Chromium from npm its Tinos (scripts/lib/chromium.mjs):
// the result is a font a font reader opens as the same face, with the names local() looks for.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkitten';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from '../../scripts/lib/woff-to-sfnt.mjs';

const woffPath = createRequire(import.meta.url).resolve('@fontsource/tinos/files/tinos-latin-400-normal.woff');

describe('woffToSfnt', () => {
  it('unwraps Tinos into a TrueType file with its names, glyphs and metrics intact', () => {
    const woff = readFileSync(woffPath);
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const before = create(woff) as Font;
    const after = create(sfnt) as Font;
    expect(after.fullName).toBe('Tinos Regular');
    expect(after.postscriptName).toBe('Tinos-Regular');
    expect(after.numGlyphs).toBe(before.numGlyphs);
    expect([after.unitsPerEm, after.ascent, after.descent]).toEqual([before.unitsPerEm, before.ascent, before.descent]);
    expect(after.glyphForCodePoint('é'.codePointAt(0)!).advanceWidth).toBe(before.glyphForCodePoint('é'.codePointAt(0)!).advanceWidth);
  });

  it('refuses what is not WOFF 1.0', () => {
    expect(() => woffToSfnt(Buffer.from('wOF2 not this one'))).toThrow('not a WOFF 1.0 file');
  });
});
