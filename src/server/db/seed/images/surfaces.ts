// What a dish is photographed on: a checked tablecloth, wooden planks, linen, slate or marble.
import type { Rng } from './random';
import { n, shade, softSpot, vignette } from './svg';

export type Surface =
  | { kind: 'gingham'; color: string }
  | { kind: 'wood'; color: string }
  | { kind: 'linen'; color: string }
  | { kind: 'slate' }
  | { kind: 'marble' };

export type Drawn = { defs: string; body: string };

function gingham(width: number, height: number, color: string, rng: Rng): Drawn {
  // Stripes drawn directly: an SVG <pattern> is several times slower to rasterise.
  const size = 84;
  const tilt = rng.range(-9, 9);
  const span = Math.hypot(width, height);
  let stripes = '';
  for (let p = -span / 2; p < span / 2; p += size) {
    stripes += `<rect x="${n(width / 2 + p)}" y="${n(height / 2 - span / 2)}" width="${size / 2}" height="${n(span)}"/>`;
    stripes += `<rect x="${n(width / 2 - span / 2)}" y="${n(height / 2 + p)}" width="${n(span)}" height="${size / 2}"/>`;
  }
  const body =
    `<rect width="${width}" height="${height}" fill="#fbf6ee"/>` +
    `<g fill="${color}" fill-opacity="0.5" transform="rotate(${n(tilt)} ${width / 2} ${height / 2})">${stripes}</g>`;
  return { defs: '', body };
}

function wood(width: number, height: number, color: string, rng: Rng): Drawn {
  const plank = 150;
  let body = `<rect width="${width}" height="${height}" fill="${color}"/>`;
  for (let y = -rng.range(0, plank); y < height; y += plank) {
    const tone = shade(color, rng.range(-0.12, 0.1));
    body += `<rect x="0" y="${n(y)}" width="${width}" height="${plank}" fill="${tone}"/>`;
    // Grain: long, gently waving strokes along the plank.
    for (let g = 0; g < 5; g++) {
      const gy = y + rng.range(12, plank - 12);
      const amp = rng.range(3, 9);
      let d = `M-20 ${n(gy)}`;
      for (let x = 0; x <= width + 200; x += 200) d += `Q${n(x + 100)} ${n(gy + rng.range(-amp, amp))} ${n(x + 200)} ${n(gy)}`;
      body += `<path d="${d}" fill="none" stroke="${shade(tone, -0.25)}" stroke-width="${n(rng.range(1.5, 3.5))}" opacity="0.35"/>`;
    }
    // A knot now and then.
    if (rng.chance(0.5)) {
      const kx = rng.range(80, width - 80);
      const ky = y + plank / 2;
      body += `<ellipse cx="${n(kx)}" cy="${n(ky)}" rx="26" ry="9" fill="none" stroke="${shade(tone, -0.3)}" stroke-width="3" opacity="0.35"/>`;
    }
    body += `<rect x="0" y="${n(y + plank - 3)}" width="${width}" height="4" fill="${shade(color, -0.45)}" opacity="0.55"/>`;
  }
  return { defs: '', body };
}

function linen(width: number, height: number, color: string, rng: Rng): Drawn {
  const defs =
    `<linearGradient id="linen" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${shade(color, 0.08)}"/><stop offset="1" stop-color="${shade(color, -0.08)}"/></linearGradient>`;
  let body = `<rect width="${width}" height="${height}" fill="url(#linen)"/>`;
  // Soft folds of the cloth: long light ridges with a shaded side.
  for (let i = 0; i < 3; i++) {
    const x = rng.range(0, width);
    const rot = rng.range(-25, 25);
    body += softSpot(x, height / 2, rng.range(40, 80), height, shade(color, 0.25), 0.55, rot);
    body += softSpot(x + 60, height / 2, rng.range(30, 50), height, shade(color, -0.2), 0.35, rot);
  }
  return { defs, body };
}

function slate(width: number, height: number, rng: Rng): Drawn {
  let body = `<rect width="${width}" height="${height}" fill="#3a3f44"/>`;
  for (let i = 0; i < 9; i++) {
    body += softSpot(rng.range(0, width), rng.range(0, height), rng.range(120, 320), rng.range(60, 160), rng.pick(['#50565c', '#2c3135', '#4a4f53']), 0.7);
  }
  return { defs: '', body };
}

function marble(width: number, height: number, rng: Rng): Drawn {
  let body = `<rect width="${width}" height="${height}" fill="#f1ede7"/>`;
  for (let i = 0; i < 6; i++) {
    let x = rng.range(-100, width);
    let y = -40;
    let d = `M${n(x)} ${n(y)}`;
    while (y < height + 40) {
      x += rng.range(-90, 140);
      y += rng.range(80, 160);
      d += `L${n(x)} ${n(y)}`;
    }
    body += `<path d="${d}" fill="none" stroke="#cfc8be" stroke-width="${n(rng.range(8, 14))}" opacity="0.35" stroke-linejoin="round"/>`;
    body += `<path d="${d}" fill="none" stroke="#b3aa9e" stroke-width="${n(rng.range(1.5, 3))}" opacity="0.6" stroke-linejoin="round"/>`;
  }
  return { defs: '', body };
}

/** The surface, plus a vignette `overlay` to lay over everything drawn on it. */
export function drawSurface(surface: Surface, width: number, height: number, rng: Rng): Drawn & { overlay: string } {
  const base = (() => {
    switch (surface.kind) {
      case 'gingham':
        return gingham(width, height, surface.color, rng);
      case 'wood':
        return wood(width, height, surface.color, rng);
      case 'linen':
        return linen(width, height, surface.color, rng);
      case 'slate':
        return slate(width, height, rng);
      case 'marble':
        return marble(width, height, rng);
    }
  })();
  return { defs: base.defs, body: base.body, overlay: vignette(width, height) };
}
