// The committed brand font (scripts/subset-font.mjs, decision 0024): small enough to preload, one
// static weight, every character the display text shows, and a fallback face sized from its metrics.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import { fromBuffer } from '@capsizecss/unpack';
// fontkitten is what @capsizecss/unpack reads fonts with; its cmap answers "which characters".
import { create, type Font } from 'fontkitten';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_PRICE_CENTS } from '@shared/catalog';
import { formatAmount } from '@shared/format';
import { courses } from '../../src/server/db/seed/content/courses';
import { chefs, learners } from '../../src/server/db/seed/content/people';
import { recipes } from '../../src/server/db/seed/content/recipes';

const root = fileURLToPath(new URL('../..', import.meta.url));
const fontDir = path.join(root, 'src/client/assets/fonts');

let file: Buffer;
let font: Font;
beforeAll(async () => {
  file = await readFile(path.join(fontDir, 'fraunces-600-fr.woff2'));
  font = create(file) as Font;
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
/** What the font promises (DESIGN §6): Latin-1 and French punctuation. U+202F is not in Fraunces. */
const DECLARED = range(0x20, 0x7e) + range(0xa0, 0xff) + '«»‘’“”œŒ–—…€';

const uncovered = (text: string) =>
  [...new Set(text)].filter((ch) => !/\s/.test(ch) && !font.hasGlyphForCodePoint(ch.codePointAt(0)!)).map((ch) => `${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`);

/** Every .tsx file under src/client. */
async function clientSources(dir = path.join(root, 'src/client')): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await clientSources(p)));
    else if (entry.name.endsWith('.tsx')) out.push(await readFile(p, 'utf8'));
  }
  return out;
}

/**
 * The literal text of the client's headings and display-font elements: JSX text right after an
 * <h1>–<h3>, a dialog title or an element with class font-display, and the title="…" props the
 * shared panels render as headings.
 */
function headingStrings(source: string): string[] {
  const patterns = [
    /<(?:h[1-3]|[A-Za-z.]*Title)\b[^>]*>([^<{]+)/g,
    /className="[^"]*\bfont-display\b[^"]*"[^>]*>([^<{]+)/g,
    /\btitle="([^"]+)"/g,
  ];
  return patterns.flatMap((re) => [...source.matchAll(re)].map((m) => m[1]!.trim())).filter((s) => /\p{L}/u.test(s));
}

describe('the brand font file', () => {
  it('weighs at most 20 kB, so preloading it does not delay the first paint (DESIGN §6)', () => {
    expect(file.length).toBeLessThanOrEqual(20 * 1024);
  });

  it('is Fraunces at weight 600, static: no variation axes left', () => {
    expect(font.familyName).toBe('Fraunces');
    expect(font.variationAxes).toEqual({});
    expect(font['OS/2'].usWeightClass).toBe(600);
  });

  it('has every character it was cut to: Latin-1, guillemets, curly quotes, œ Œ, dashes, …, €', () => {
    expect(uncovered(DECLARED)).toEqual([]);
  });

  it('has every character of the demo content shown in it: course titles, recipe names, people', () => {
    const text = [...courses.map((c) => c.title), ...recipes.map((r) => r.name), ...[...chefs, ...learners].map((p) => p.fullName)].join('');
    expect(text).toContain('œ');
    expect(uncovered(text)).toEqual([]);
  });

  it("has every character of the client's headings and display text", async () => {
    const strings = (await clientSources()).flatMap(headingStrings);
    strings.push(formatAmount(SUBSCRIPTION_PRICE_CENTS));
    // The collection found the copy (a pattern that matched nothing would pass anything).
    expect(strings).toEqual(expect.arrayContaining(['Prochaines séances', 'Mode cuisine', 'Confirmation supplémentaire']));
    expect(strings.length).toBeGreaterThan(50);
    expect(uncovered(strings.join(''))).toEqual([]);
  });
});

describe("the fallback face ('Fraunces Fallback')", () => {
  const descriptor = (css: string, name: string) => {
    const face = css.slice(css.indexOf("font-family: 'Fraunces Fallback'"));
    const value = new RegExp(`${name}: ([\\d.]+)%`).exec(face)?.[1];
    if (!value) throw new Error(`no ${name} in the fallback face`);
    return Number(value) / 100;
  };

  it("gives Times New Roman's letters Fraunces's average width and Fraunces's ascent and descent", async () => {
    const css = await readFile(path.join(fontDir, 'fraunces.css'), 'utf8');
    const fraunces = await fromBuffer(file);
    const sizeAdjust = descriptor(css, 'size-adjust');
    // Scaled Times letters are, on average, as wide as Fraunces's…
    expect((sizeAdjust * timesNewRoman.xWidthAvg) / timesNewRoman.unitsPerEm).toBeCloseTo(fraunces.xWidthAvg / fraunces.unitsPerEm, 4);
    // …and the line box is Fraunces's once scaled (the overrides apply before size-adjust).
    expect(descriptor(css, 'ascent-override') * sizeAdjust).toBeCloseTo(fraunces.ascent / fraunces.unitsPerEm, 4);
    expect(descriptor(css, 'descent-override') * sizeAdjust).toBeCloseTo(-fraunces.descent / fraunces.unitsPerEm, 4);
    expect(descriptor(css, 'line-gap-override')).toBe(fraunces.lineGap / fraunces.unitsPerEm);
  });
});
