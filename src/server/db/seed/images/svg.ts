// Drawing helpers shared by the seed pictures: colours, organic shapes, shadows.
import type { Rng } from './random';

/** Rounds a coordinate so the SVG stays short. */
export const n = (v: number) => Math.round(v * 10) / 10;

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes two colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(ca.map((c, i) => c + ((cb[i] as number) - c) * t));
}

/** Lighter (amount > 0, towards white) or darker (amount < 0, towards black). */
export function shade(color: string, amount: number): string {
  return amount >= 0 ? mix(color, '#ffffff', amount) : mix(color, '#000000', -amount);
}

export type Point = { x: number; y: number };

/** A closed smooth path through points (Catmull-Rom turned into cubic Béziers). */
export function smoothClosedPath(points: Point[]): string {
  const count = points.length;
  const at = (i: number) => points[((i % count) + count) % count] as Point;
  let d = `M${n(at(0).x)} ${n(at(0).y)}`;
  for (let i = 0; i < count; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`;
  }
  return `${d}Z`;
}

/** An irregular rounded shape around (cx, cy): a piece of meat, a potato, a crumb. */
export function blobPath(
  rng: Rng,
  cx: number,
  cy: number,
  rx: number,
  ry = rx,
  jitter = 0.22,
  points = 7,
  rotation = rng.range(0, Math.PI * 2),
): string {
  const pts: Point[] = [];
  for (let i = 0; i < points; i++) {
    const a = rotation + (i / points) * Math.PI * 2;
    const k = 1 + rng.range(-jitter, jitter);
    pts.push({ x: cx + Math.cos(a) * rx * k, y: cy + Math.sin(a) * ry * k });
  }
  return smoothClosedPath(pts);
}

/** A pointed leaf (herb, basil, mint) with its vein, pointing at `angle` (radians). */
export function leaf(
  cx: number,
  cy: number,
  length: number,
  angle: number,
  color: string,
  width = 0.42,
  opts: { vein?: boolean; opacity?: number } = {},
): string {
  const w = length * width;
  const deg = (angle * 180) / Math.PI;
  const half = length / 2;
  const alpha = opts.opacity === undefined ? '' : ` fill-opacity="${opts.opacity}"`;
  const vein =
    opts.vein === false
      ? ''
      : `<path d="M${n(-half * 0.85)} 0L${n(half * 0.8)} 0" stroke="${shade(color, 0.28)}" stroke-width="${n(Math.max(1, length / 28))}" stroke-linecap="round" opacity="0.7"/>`;
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(deg)})">` +
    `<path d="M${n(-half)} 0Q${n(-half * 0.1)} ${n(-w)} ${n(half)} 0Q${n(-half * 0.1)} ${n(w)} ${n(-half)} 0Z" fill="${color}"${alpha}/>` +
    vein +
    `</g>`
  );
}

// Blur filters are slow to rasterise (a full offscreen pass each), so softness comes from radial
// gradients instead: an ellipse whose colour fades out towards its edge.

/** A soft shadow under an object. */
export function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.28): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx * 1.12)}" ry="${n(ry * 1.12)}" fill="url(#shadowFade)" fill-opacity="${opacity}"/>`;
}

let spotId = 0;
/** A blurred patch of colour (browning, a glow), its own gradient inlined. */
export function softSpot(cx: number, cy: number, rx: number, ry: number, color: string, opacity = 1, rotate = 0): string {
  const id = `spot${++spotId}`;
  return (
    `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>` +
    `<stop offset="0.5" stop-color="${color}" stop-opacity="${n(opacity * 0.7)}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>` +
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#${id})"${rotate ? ` transform="rotate(${n(rotate)} ${n(cx)} ${n(cy)})"` : ''}/>`
  );
}

/** Darkens the edge of a round area, as the rim of a bowl shades what is in it. */
export function innerShade(cx: number, cy: number, rx: number, ry: number, opacity = 0.35): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="url(#innerFade)" opacity="${opacity}"/>`;
}

/** The gradients every picture may use, declared once per SVG. */
export const SHARED_DEFS =
  '<radialGradient id="shadowFade"><stop offset="0" stop-color="#2a1a10"/><stop offset="0.65" stop-color="#2a1a10" stop-opacity="0.85"/><stop offset="1" stop-color="#2a1a10" stop-opacity="0"/></radialGradient>' +
  '<radialGradient id="innerFade" fx="58%" fy="62%"><stop offset="0.72" stop-color="#1a0f08" stop-opacity="0"/><stop offset="1" stop-color="#1a0f08" stop-opacity="1"/></radialGradient>' +
  '<linearGradient id="edgeFade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#1c120a" stop-opacity="0.3"/><stop offset="1" stop-color="#1c120a" stop-opacity="0"/></linearGradient>';

/** Darker edges all round, drawn as four linear fades (a full-frame radial gradient costs far more). */
export function vignette(width: number, height: number): string {
  const band = Math.min(width, height) * 0.32;
  return (
    `<rect width="${n(band)}" height="${height}" fill="url(#edgeFade)"/>` +
    `<rect width="${n(band)}" height="${height}" fill="url(#edgeFade)" transform="translate(${width} 0) scale(-1 1)"/>` +
    `<rect width="${n(band)}" height="${width}" fill="url(#edgeFade)" transform="rotate(90) scale(1 -1)"/>` +
    `<rect width="${n(band)}" height="${width}" fill="url(#edgeFade)" transform="translate(0 ${height}) rotate(-90)"/>`
  );
}

/** A point at a random place inside a disc, with more room given to the middle when `bias` > 1. */
export function pointInDisc(rng: Rng, cx: number, cy: number, r: number, bias = 1): Point {
  const a = rng.range(0, Math.PI * 2);
  const d = Math.pow(rng.next(), 1 / (2 * bias)) * r;
  return { x: cx + Math.cos(a) * d, y: cy + Math.sin(a) * d };
}

/** Points spread inside a disc without heavy overlaps (a few tries per point, then it settles). */
export function spreadInDisc(rng: Rng, cx: number, cy: number, r: number, count: number, minGap: number): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < count; i++) {
    let best: Point = pointInDisc(rng, cx, cy, r);
    let bestGap = -1;
    for (let tries = 0; tries < 12; tries++) {
      const p = pointInDisc(rng, cx, cy, r);
      const gap = pts.reduce((g, q) => Math.min(g, Math.hypot(p.x - q.x, p.y - q.y)), Infinity);
      if (gap > bestGap) {
        best = p;
        bestGap = gap;
      }
      if (gap >= minGap) break;
    }
    pts.push(best);
  }
  return pts;
}

/**
 * librsvg draws an element with `opacity` through an offscreen layer as large as the picture, which
 * made a drawing with a hundred translucent crumbs ten times slower. Fill and stroke opacities give
 * the same look here (our translucent shapes do not overlap themselves) at no cost, so the drawing
 * code may write plain `opacity` and it is rewritten once, here.
 */
function cheapOpacity(svg: string): string {
  return svg.replace(/ opacity="([\d.]+)"/g, ' fill-opacity="$1" stroke-opacity="$1"');
}

export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return cheapOpacity(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<defs>${SHARED_DEFS}${defs}</defs>${body}</svg>`,
  );
}
