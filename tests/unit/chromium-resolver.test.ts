// Which Chromium the journeys and the bench drive (scripts/lib/chromium.mjs): CHROMIUM_PATH, else the
// system's, else the one from npm — decided on real paths, present or not.
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseChromium, resolveChromium } from '../../scripts/lib/chromium.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'toque-chromium-choice-'));
const present = path.join(dir, 'chromium');
writeFileSync(present, '#!/bin/sh\n');
chmodSync(present, 0o755);
const missing = path.join(dir, 'no-chromium-here');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chooseChromium', () => {
  it('takes the system browser when there is one and CHROMIUM_PATH is unset', () => {
    expect(chooseChromium({}, present)).toEqual({ source: 'system', executablePath: present });
  });

  it('takes the packaged browser when the system has none', () => {
    expect(chooseChromium({}, missing)).toEqual({ source: 'packaged' });
    expect(chooseChromium({ CHROMIUM_PATH: '' }, missing)).toEqual({ source: 'packaged' });
  });

  it('takes CHROMIUM_PATH before the system browser', () => {
    expect(chooseChromium({ CHROMIUM_PATH: present }, missing)).toEqual({ source: 'CHROMIUM_PATH', executablePath: present });
  });

  it('refuses a CHROMIUM_PATH that names no file rather than quietly using another browser', () => {
    expect(() => chooseChromium({ CHROMIUM_PATH: missing }, present)).toThrow(/CHROMIUM_PATH=.*no such file/);
  });

  it('CHROMIUM_PATH=packaged forces the packaged browser even beside a system one', () => {
    expect(chooseChromium({ CHROMIUM_PATH: 'packaged' }, present)).toEqual({ source: 'packaged' });
  });
});

describe('resolveChromium', () => {
  it('hands the system browser over with nothing added', async () => {
    expect(await resolveChromium({}, present)).toEqual({ source: 'system', executablePath: present, args: [], env: {} });
  });

  it('unpacks the browser from npm into an executable file, with its fonts', { timeout: 120_000 }, async () => {
    const found = await resolveChromium({}, missing);
    expect(found.source).toBe('packaged');
    expect(found.args).toContain('--no-sandbox');
    expect(() => accessSync(found.executablePath, constants.X_OK)).not.toThrow();
    const config = readFileSync(path.join(found.env.FONTCONFIG_PATH!, 'fonts.conf'), 'utf8');
    // The package's own fonts, and Tinos for the brand font's metric-matched fallback.
    const dirs = [...config.matchAll(/<dir>(.*?)<\/dir>/g)].map((m) => m[1]!);
    expect(dirs.some((d) => existsSync(path.join(d, 'Tinos-Regular.ttf')))).toBe(true);
    expect(dirs.length).toBeGreaterThanOrEqual(2);
  });
});
