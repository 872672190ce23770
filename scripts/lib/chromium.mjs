// Which Chromium the browser journeys and the bench drive, so that `npm test` needs nothing beyond
// Node.js and npm: CHROMIUM_PATH when set, else the system's /usr/bin/chromium when there is one,
// else the headless Chromium shipped inside the npm package @sparticuz/chromium (unpacked to the
// temporary folder on first use). CHROMIUM_PATH=packaged forces the packaged one (CI proves with it
// that a machine without a system browser runs the journeys).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { woffToSfnt } from './woff-to-sfnt.mjs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/** The value of CHROMIUM_PATH that asks for the browser from npm even when the system has one. */
export const PACKAGED = 'packaged';

/**
 * Where the browser comes from, decided without unpacking anything. A CHROMIUM_PATH that names no
 * file is an error, not a quiet fall-back: whoever set it meant that browser.
 */
export function chooseChromium(env = process.env, systemPath = SYSTEM_CHROMIUM) {
  const wanted = env.CHROMIUM_PATH?.trim();
  if (wanted === PACKAGED) return { source: 'packaged' };
  if (wanted) {
    if (!existsSync(wanted)) throw new Error(`CHROMIUM_PATH=${wanted}: no such file (unset it to use ${systemPath} or the packaged Chromium)`);
    return { source: 'CHROMIUM_PATH', executablePath: wanted };
  }
  if (existsSync(systemPath)) return { source: 'system', executablePath: systemPath };
  return { source: 'packaged' };
}

/**
 * The browser to launch: its executable, the flags it needs beyond the caller's own, and the
 * variables to add to its environment. The packaged build is a headless shell (no windowed mode)
 * that brings one font of its own (Open Sans); our fontconfig file adds Tinos, a serif with Times
 * New Roman's metrics (what the brand font's fallback is matched to, decision 0024), so the pages
 * render alike on a machine with no fonts installed.
 */
export async function resolveChromium(env = process.env, systemPath = SYSTEM_CHROMIUM) {
  const choice = chooseChromium(env, systemPath);
  if (choice.source !== 'packaged') return { ...choice, args: [], env: {} };
  const executablePath = await unpackOnce();
  return {
    source: 'packaged',
    executablePath,
    // The sandbox needs a setuid helper or user namespaces, which the package does not ship. Text is
    // laid out unhinted, as phones do (and Debian's Chromium with its fonts): the headless shell
    // otherwise rounds each letter's width to whole pixels, and a heading near the edge wraps.
    args: ['--no-sandbox', '--font-render-hinting=none'],
    env: { FONTCONFIG_PATH: fontconfigWithTinos() },
  };
}

/**
 * A fontconfig folder listing the package's fonts (unpacked to <tmp>/fonts) and Tinos from
 * @fontsource/tinos, turned from WOFF into the TrueType file fontconfig reads. Written once; a
 * half-written file is never seen (written aside, then renamed).
 */
function fontconfigWithTinos() {
  const dir = path.join(os.tmpdir(), 'toque-chromium-fonts');
  const font = path.join(dir, 'fonts', 'Tinos-Regular.ttf');
  if (!existsSync(font)) {
    mkdirSync(path.dirname(font), { recursive: true });
    const woff = createRequire(import.meta.url).resolve('@fontsource/tinos/files/tinos-latin-400-normal.woff');
    const aside = `${font}.${process.pid}`;
    writeFileSync(aside, woffToSfnt(readFileSync(woff)));
    renameSync(aside, font);
  }
  const config = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    `  <dir>${path.join(os.tmpdir(), 'fonts')}</dir>`,
    `  <dir>${path.dirname(font)}</dir>`,
    `  <cachedir>${path.join(dir, 'cache')}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
  const file = path.join(dir, 'fonts.conf');
  if (!existsSync(file) || readFileSync(file, 'utf8') !== config) {
    writeFileSync(`${file}.${process.pid}`, config);
    renameSync(`${file}.${process.pid}`, file);
  }
  return dir;
}

/**
 * @sparticuz/chromium unpacks into the shared temporary folder and takes an existing file there as
 * done, so two processes unpacking at once (a journey file beside a unit test, two checkouts) could
 * each see the other's half-written binary. A lock folder makes them take turns; one left by a
 * killed process is taken over after two minutes (an unpack takes a few seconds).
 */
async function unpackOnce() {
  const lock = path.join(os.tmpdir(), 'toque-chromium-unpack.lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() - lockTakenAt(lock) > 120_000) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Chromium from npm: ${lock} held for 3 minutes`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    const { default: packaged } = await import('@sparticuz/chromium');
    return await packaged.executablePath();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** When the lock was taken (now when it vanished meanwhile: the next try takes it). */
function lockTakenAt(lock) {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}
