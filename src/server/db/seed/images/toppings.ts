// What lies on a dish, seen from above: pieces, slices, herbs, cream, lattice… Each draws inside an
// oval "food area" and is chosen per recipe in the content files.
import type { Rng } from './random';
import { blobPath, leaf, n, pointInDisc, shade, softSpot, spreadInDisc, type Point } from './svg';

export type Area = { cx: number; cy: number; rx: number; ry: number };

export type Topping =
  /** Irregular pieces: meat, potatoes, croutons, mushrooms. */
  | { t: 'chunks'; colors: string[]; count: number; size: [number, number]; spread?: number }
  /** Round slices or berries; `ring` draws a lighter core (carrot, zucchini). */
  | { t: 'rounds'; colors: string[]; count: number; size: [number, number]; ring?: boolean; spread?: number }
  | { t: 'leaves'; color: string; count: number; size: [number, number]; spread?: number }
  | { t: 'crumbs'; colors: string[]; count: number; size: [number, number]; spread?: number }
  /** A spiral of cream or syrup. */
  | { t: 'swirl'; color: string; width: number }
  /** Lines of sauce crossing the dish. */
  | { t: 'drizzle'; color: string; width: number; lines: number }
  | { t: 'lattice'; color: string; strips: number }
  /** Vents cut in a closed pie crust, and a pastry leaf of the crust's colour. */
  | { t: 'vents'; color: string; crust: string }
  /** Browned, caramelised patches. */
  | { t: 'spots'; color: string; count: number; size: [number, number] }
  | { t: 'fries'; color: string; count: number }
  | { t: 'crepes'; color: string; count: number }
  | { t: 'fillet'; color: string }
  /** Overlapping vegetable slices in a spiral (tian, ratatouille). */
  | { t: 'tian'; colors: string[]; herbs?: boolean; scale?: number; stretch?: number }
  /** Marks of a fork in mashed potatoes. */
  | { t: 'forklines'; color: string }
  /** Gooey melted cheese patches. */
  | { t: 'melt'; color: string; count: number }
  /** Bread slices lying on the area's side. */
  | { t: 'bread'; color: string; count: number }
  /** A glossy puddle of sauce or gravy. */
  | { t: 'pool'; color: string; size: number }
  /** One big piece (a square of cake, a scoop of ice cream), `size` a share of the area. */
  | { t: 'mound'; color: string; size: number; dx?: number; dy?: number; crumb?: boolean }
  /** A nest of ribbon pasta. */
  | { t: 'noodles'; color: string; count: number };

function inArea(rng: Rng, area: Area, spread = 0.85): Point {
  const p = pointInDisc(rng, 0, 0, spread);
  return { x: area.cx + p.x * area.rx, y: area.cy + p.y * area.ry };
}

function spreadInArea(rng: Rng, area: Area, count: number, gap: number, spread = 0.85): Point[] {
  const scale = area.ry / area.rx;
  return spreadInDisc(rng, 0, 0, spread * area.rx, count, gap).map((p) => ({
    x: area.cx + p.x,
    y: area.cy + p.y * scale,
  }));
}

function chunks(rng: Rng, area: Area, tp: Extract<Topping, { t: 'chunks' }>): string {
  let out = '';
  const avg = (tp.size[0] + tp.size[1]) / 2;
  for (const p of spreadInArea(rng, area, tp.count, avg * 1.3, tp.spread)) {
    const r = rng.range(tp.size[0], tp.size[1]);
    const c = rng.pick(tp.colors);
    const rot = rng.range(0, Math.PI * 2);
    out += `<path d="${blobPath(rng, p.x + r * 0.12, p.y + r * 0.18, r, r * 0.85, 0.2, 7, rot)}" fill="#000" opacity="0.22"/>`;
    out += `<path d="${blobPath(rng, p.x, p.y, r, r * rng.range(0.7, 0.95), 0.22, 7, rot)}" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="${n(Math.max(1, r / 12))}"/>`;
    out += `<path d="${blobPath(rng, p.x - r * 0.25, p.y - r * 0.28, r * 0.38, r * 0.26, 0.2, 6)}" fill="${shade(c, 0.3)}" opacity="0.65"/>`;
  }
  return out;
}

function rounds(rng: Rng, area: Area, tp: Extract<Topping, { t: 'rounds' }>): string {
  let out = '';
  const avg = (tp.size[0] + tp.size[1]) / 2;
  for (const p of spreadInArea(rng, area, tp.count, avg * 1.6, tp.spread)) {
    const r = rng.range(tp.size[0], tp.size[1]);
    const c = rng.pick(tp.colors);
    out += `<circle cx="${n(p.x + r * 0.15)}" cy="${n(p.y + r * 0.2)}" r="${n(r)}" fill="#000" opacity="0.2"/>`;
    out += `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(r)}" fill="${c}" stroke="${shade(c, -0.25)}" stroke-width="${n(Math.max(1, r / 10))}"/>`;
    if (tp.ring) out += `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(r * 0.62)}" fill="${shade(c, 0.3)}" opacity="0.8"/>`;
    out += `<circle cx="${n(p.x - r * 0.35)}" cy="${n(p.y - r * 0.35)}" r="${n(r * 0.28)}" fill="#fff" opacity="0.45"/>`;
  }
  return out;
}

function leaves(rng: Rng, area: Area, tp: Extract<Topping, { t: 'leaves' }>): string {
  let out = '';
  for (let i = 0; i < tp.count; i++) {
    const p = inArea(rng, area, tp.spread);
    const len = rng.range(tp.size[0], tp.size[1]);
    const c = shade(tp.color, rng.range(-0.12, 0.12));
    out += leaf(p.x, p.y, len, rng.range(0, Math.PI * 2), c);
  }
  return out;
}

function crumbs(rng: Rng, area: Area, tp: Extract<Topping, { t: 'crumbs' }>): string {
  let out = '';
  for (let i = 0; i < tp.count; i++) {
    const p = inArea(rng, area, tp.spread ?? 0.92);
    const r = rng.range(tp.size[0], tp.size[1]);
    out += `<path d="${blobPath(rng, p.x, p.y, r, r, 0.3, 5)}" fill="${rng.pick(tp.colors)}"/>`;
  }
  return out;
}

function swirl(rng: Rng, area: Area, tp: Extract<Topping, { t: 'swirl' }>): string {
  const turns = rng.range(2.2, 3);
  const start = rng.range(0, Math.PI * 2);
  const maxR = Math.min(area.rx, area.ry) * 0.55;
  const ox = area.cx + rng.range(-0.1, 0.1) * area.rx;
  const oy = area.cy + rng.range(-0.1, 0.1) * area.ry;
  let d = '';
  const steps = 90;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const a = start + t * turns * Math.PI * 2;
    const r = 6 + t * maxR;
    d += `${i === 0 ? 'M' : 'L'}${n(ox + Math.cos(a) * r)} ${n(oy + Math.sin(a) * r)}`;
  }
  return (
    `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="${tp.width + 4}" stroke-linecap="round" transform="translate(3 5)"/>` +
    `<path d="${d}" fill="none" stroke="${tp.color}" stroke-width="${tp.width}" stroke-linecap="round"/>` +
    `<path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="${n(tp.width / 3)}" stroke-linecap="round" transform="translate(-2 -2)"/>`
  );
}

function drizzle(rng: Rng, area: Area, tp: Extract<Topping, { t: 'drizzle' }>): string {
  let out = '';
  for (let i = 0; i < tp.lines; i++) {
    const y0 = area.cy - area.ry * 0.7 + (i + 0.5) * ((area.ry * 1.4) / tp.lines);
    let d = `M${n(area.cx - area.rx * 0.85)} ${n(y0 + rng.range(-10, 10))}`;
    for (let x = -0.85; x < 0.85; x += 0.17) {
      d += `Q${n(area.cx + (x + 0.085) * area.rx)} ${n(y0 + rng.range(-28, 28))} ${n(area.cx + (x + 0.17) * area.rx)} ${n(y0 + rng.range(-8, 8))}`;
    }
    out += `<path d="${d}" fill="none" stroke="${tp.color}" stroke-width="${tp.width}" stroke-linecap="round" opacity="0.92"/>`;
  }
  return out;
}

function lattice(rng: Rng, area: Area, tp: Extract<Topping, { t: 'lattice' }>): string {
  const w = (area.rx * 2) / (tp.strips * 2 - 1);
  const rot = rng.range(-20, 20);
  let under = '';
  let over = '';
  for (let i = 0; i < tp.strips; i++) {
    const off = -area.rx + i * 2 * w;
    const c = shade(tp.color, rng.range(-0.06, 0.06));
    under += `<rect x="${n(area.cx + off)}" y="${n(area.cy - area.ry * 1.1)}" width="${n(w)}" height="${n(area.ry * 2.2)}" rx="${n(w / 3)}" fill="${c}" stroke="${shade(tp.color, -0.25)}" stroke-width="2"/>`;
    over += `<rect x="${n(area.cx - area.rx * 1.1)}" y="${n(area.cy + off)}" width="${n(area.rx * 2.2)}" height="${n(w)}" rx="${n(w / 3)}" fill="${c}" stroke="${shade(tp.color, -0.25)}" stroke-width="2"/>`;
    over += `<rect x="${n(area.cx - area.rx * 1.1)}" y="${n(area.cy + off + w * 0.15)}" width="${n(area.rx * 2.2)}" height="${n(w * 0.25)}" fill="#fff" opacity="0.18"/>`;
  }
  return `<g transform="rotate(${n(rot)} ${n(area.cx)} ${n(area.cy)})">${under}<g>${over}</g></g>`;
}

function vents(rng: Rng, area: Area, tp: Extract<Topping, { t: 'vents' }>): string {
  let out = '';
  const count = rng.int(4, 6);
  const start = rng.range(0, Math.PI);
  for (let i = 0; i < count; i++) {
    const a = start + (i / count) * Math.PI * 2;
    const r1 = area.rx * 0.18;
    const r2 = area.rx * 0.42;
    out += `<path d="M${n(area.cx + Math.cos(a) * r1)} ${n(area.cy + Math.sin(a) * r1)}L${n(area.cx + Math.cos(a) * r2)} ${n(area.cy + Math.sin(a) * r2)}" stroke="${tp.color}" stroke-width="9" stroke-linecap="round"/>`;
  }
  // A pastry leaf in the middle, with its shadow.
  const angle = rng.range(0, 6);
  out += leaf(area.cx + 5, area.cy + 7, area.rx * 0.32, angle, '#3a2210', 0.34, { vein: false, opacity: 0.25 });
  out += leaf(area.cx, area.cy, area.rx * 0.32, angle, shade(tp.crust, 0.08), 0.34);
  return out;
}

function spots(rng: Rng, area: Area, tp: Extract<Topping, { t: 'spots' }>): string {
  let out = '';
  for (let i = 0; i < tp.count; i++) {
    const p = inArea(rng, area, 0.9);
    const r = rng.range(tp.size[0], tp.size[1]);
    out += softSpot(p.x, p.y, r, r * rng.range(0.6, 1), tp.color, rng.range(0.45, 0.8), rng.range(0, 180));
  }
  return out;
}

function fries(rng: Rng, area: Area, tp: Extract<Topping, { t: 'fries' }>): string {
  let out = '';
  for (let i = 0; i < tp.count; i++) {
    const p = inArea(rng, area, 0.8);
    const len = rng.range(90, 150);
    const w = rng.range(20, 26);
    const rot = rng.range(0, 180);
    const c = shade(tp.color, rng.range(-0.1, 0.08));
    out +=
      `<g transform="translate(${n(p.x)} ${n(p.y)}) rotate(${n(rot)})">` +
      `<rect x="${n(-len / 2 + 3)}" y="${n(-w / 2 + 5)}" width="${n(len)}" height="${n(w)}" rx="5" fill="#000" opacity="0.2"/>` +
      `<rect x="${n(-len / 2)}" y="${n(-w / 2)}" width="${n(len)}" height="${n(w)}" rx="5" fill="${c}" stroke="${shade(tp.color, -0.3)}" stroke-width="2"/>` +
      `<rect x="${n(-len / 2 + 6)}" y="${n(-w / 2 + 3)}" width="${n(len - 12)}" height="${n(w / 4)}" rx="2" fill="#fff" opacity="0.35"/>` +
      `<rect x="${n(len / 2 - 10)}" y="${n(-w / 2)}" width="10" height="${n(w)}" rx="4" fill="${shade(tp.color, -0.25)}" opacity="0.6"/>` +
      '</g>';
  }
  return out;
}

function crepes(rng: Rng, area: Area, tp: Extract<Topping, { t: 'crepes' }>): string {
  let out = '';
  // Folded crêpes fanned out, their points meeting near the middle.
  const r = area.rx * 0.98;
  const start = rng.range(0, 360);
  for (let i = 0; i < tp.count; i++) {
    const rot = start + i * 88 + rng.range(-6, 6);
    const c = shade(tp.color, rng.range(-0.05, 0.05));
    // A crêpe folded in four: a quarter of a disc, its tip towards the centre.
    const d = `M0 0L${n(r)} 0A${n(r)} ${n(r)} 0 0 1 ${n(r * Math.cos(Math.PI / 2.4))} ${n(r * Math.sin(Math.PI / 2.4))}Z`;
    let lace = '';
    for (let k = 0; k < 9; k++) {
      const a = rng.range(0.1, Math.PI / 2.4 - 0.1);
      const dist = rng.range(0.3, 0.9) * r;
      lace += `<ellipse cx="${n(Math.cos(a) * dist)}" cy="${n(Math.sin(a) * dist)}" rx="${n(rng.range(6, 16))}" ry="${n(rng.range(4, 9))}" fill="${shade(tp.color, -0.3)}" opacity="0.35"/>`;
    }
    out +=
      `<g transform="translate(${n(area.cx - Math.cos(((start + 88) * Math.PI) / 180) * r * 0.35)} ${n(area.cy - Math.sin(((start + 88) * Math.PI) / 180) * r * 0.35)}) rotate(${n(rot)})">` +
      `<path d="${d}" fill="#000" opacity="0.18" transform="translate(5 8)"/>` +
      `<path d="${d}" fill="${c}" stroke="${shade(tp.color, -0.2)}" stroke-width="3"/>${lace}` +
      `<path d="M${n(r * 0.1)} ${n(r * 0.05)}L${n(r * 0.92)} ${n(r * 0.05)}" stroke="#fff" stroke-width="5" opacity="0.3"/>` +
      '</g>';
  }
  return out;
}

function fillet(rng: Rng, area: Area, tp: Extract<Topping, { t: 'fillet' }>): string {
  const w = area.rx * 1.3;
  const h = area.ry * 0.62;
  const rot = rng.range(-25, -10);
  let fat = '';
  for (let i = 1; i < 7; i++) {
    const x = -w / 2 + (i * w) / 7;
    fat += `<path d="M${n(x - 12)} ${n(-h / 2 + 8)}Q${n(x + 10)} 0 ${n(x - 12)} ${n(h / 2 - 8)}" fill="none" stroke="${shade(tp.color, 0.45)}" stroke-width="5" opacity="0.7"/>`;
  }
  const d = `M${n(-w / 2)} ${n(-h / 4)}Q${n(-w / 2)} ${n(-h / 2)} ${n(-w / 4)} ${n(-h / 2)}L${n(w / 2.6)} ${n(-h / 2.4)}Q${n(w / 2)} ${n(-h / 3)} ${n(w / 2)} 0Q${n(w / 2)} ${n(h / 3)} ${n(w / 2.6)} ${n(h / 2.4)}L${n(-w / 4)} ${n(h / 2)}Q${n(-w / 2)} ${n(h / 2)} ${n(-w / 2)} ${n(h / 4)}Z`;
  return (
    `<g transform="translate(${n(area.cx)} ${n(area.cy)}) rotate(${n(rot)})">` +
    `<path d="${d}" fill="#000" opacity="0.22" transform="translate(8 12)"/>` +
    `<path d="${d}" fill="${tp.color}" stroke="${shade(tp.color, -0.35)}" stroke-width="4"/>${fat}` +
    // A lacquered maple glaze: darker, glossy, with a streak of light.
    `<path d="${d}" fill="#a8551a" opacity="0.35" transform="scale(0.92 0.8)"/>` +
    `<path d="M${n(-w / 3)} ${n(-h / 4)}Q0 ${n(-h / 3)} ${n(w / 3)} ${n(-h / 5)}" stroke="#fff" stroke-width="7" stroke-linecap="round" fill="none" opacity="0.45"/>` +
    '</g>'
  );
}

function tian(rng: Rng, area: Area, tp: Extract<Topping, { t: 'tian' }>): string {
  let out = '';
  const rings = [0.82, 0.6, 0.38, 0.16];
  let k = 0;
  for (const ring of rings) {
    const rr = area.rx * ring;
    const size = area.rx * 0.17 * (tp.scale ?? 1);
    const stretch = tp.stretch ?? 1;
    const count = Math.max(3, Math.round((2 * Math.PI * rr) / (size * 0.9)));
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      const x = area.cx + Math.cos(a) * rr;
      const y = area.cy + Math.sin(a) * rr * (area.ry / area.rx);
      const c = tp.colors[k++ % tp.colors.length] as string;
      const turn = `rotate(${n((a * 180) / Math.PI + 90)} ${n(x)} ${n(y)})`;
      out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size * stretch)}" ry="${n(size * 0.92)}" fill="${c}" stroke="${shade(c, -0.35)}" stroke-width="3" transform="${turn}"/>`;
      out += `<ellipse cx="${n(x)}" cy="${n(y - size * 0.12)}" rx="${n(size * 0.7 * stretch)}" ry="${n(size * 0.5)}" fill="${shade(c, 0.25)}" opacity="0.55" transform="${turn}"/>`;
    }
  }
  if (!tp.herbs) return out;
  return out + crumbs(rng, area, { t: 'crumbs', colors: ['#3f6b2a', '#567d34'], count: 40, size: [2, 4] });
}

function forklines(rng: Rng, area: Area, tp: Extract<Topping, { t: 'forklines' }>): string {
  let out = '';
  const rows = 9;
  for (let i = 0; i < rows; i++) {
    const y = area.cy - area.ry + ((i + 0.5) * area.ry * 2) / rows;
    let d = `M${n(area.cx - area.rx * 1.05)} ${n(y)}`;
    for (let x = -1.05; x < 1.05; x += 0.15) d += `Q${n(area.cx + (x + 0.075) * area.rx)} ${n(y + rng.range(-14, 14))} ${n(area.cx + (x + 0.15) * area.rx)} ${n(y)}`;
    out += `<path d="${d}" fill="none" stroke="${tp.color}" stroke-width="4" opacity="0.45"/>`;
    out += `<path d="${d}" fill="none" stroke="#fff" stroke-width="3" opacity="0.35" transform="translate(0 -5)"/>`;
  }
  return out;
}

function melt(rng: Rng, area: Area, tp: Extract<Topping, { t: 'melt' }>): string {
  let out = '';
  for (let i = 0; i < tp.count; i++) {
    const p = inArea(rng, area, 0.75);
    const r = rng.range(area.rx * 0.1, area.rx * 0.22);
    out += `<path d="${blobPath(rng, p.x, p.y, r, r * 0.8, 0.4, 9)}" fill="${tp.color}" stroke="${shade(tp.color, -0.2)}" stroke-width="2"/>`;
    out += `<path d="${blobPath(rng, p.x - r * 0.2, p.y - r * 0.2, r * 0.35, r * 0.2, 0.3, 6)}" fill="#fff" opacity="0.4"/>`;
  }
  return out;
}

function bread(rng: Rng, area: Area, tp: Extract<Topping, { t: 'bread' }>): string {
  let out = '';
  for (let i = 0; i < tp.count; i++) {
    const x = area.cx + area.rx * (0.1 + i * 0.26);
    const y = area.cy + area.ry * (0.25 - i * 0.12);
    const rot = rng.range(-30, -10) + i * 8;
    const w = area.rx * 0.5;
    const h = area.ry * 0.8;
    // A slice of sandwich loaf: square-ish, with a domed top and a brown crust.
    const slice = (inset: number) =>
      `M${n(-w / 2 + inset)} ${n(h / 2 - inset)}L${n(-w / 2 + inset)} ${n(-h / 4)}Q${n(-w / 2 + inset)} ${n(-h / 2 + inset)} 0 ${n(-h / 2 + inset)}Q${n(w / 2 - inset)} ${n(-h / 2 + inset)} ${n(w / 2 - inset)} ${n(-h / 4)}L${n(w / 2 - inset)} ${n(h / 2 - inset)}Z`;
    out +=
      `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
      `<path d="${slice(0)}" fill="#000" opacity="0.22" transform="translate(6 10)"/>` +
      `<path d="${slice(0)}" fill="${shade(tp.color, -0.45)}" stroke-linejoin="round"/>` +
      `<path d="${slice(9)}" fill="${tp.color}"/>`;
    for (let k = 0; k < 14; k++) {
      out += `<ellipse cx="${n(rng.range(-w / 2.8, w / 2.8))}" cy="${n(rng.range(-h / 2.8, h / 2.8))}" rx="${n(rng.range(2, 6))}" ry="${n(rng.range(2, 4))}" fill="${shade(tp.color, -0.2)}" opacity="0.6"/>`;
    }
    out += '</g>';
  }
  return out;
}

function noodles(rng: Rng, area: Area, tp: Extract<Topping, { t: 'noodles' }>): string {
  // Ribbons twirled around the middle, each outlined in turn so later ones lie over earlier ones.
  let out = '';
  for (let i = 0; i < tp.count; i++) {
    const r = rng.range(0.12, 0.78);
    const a0 = rng.range(0, Math.PI * 2);
    const span = rng.range(1.4, 3.2);
    const ox = area.cx + rng.range(-0.06, 0.06) * area.rx;
    const oy = area.cy + rng.range(-0.06, 0.06) * area.ry;
    let d = '';
    for (let k = 0; k <= 12; k++) {
      const a = a0 + (span * k) / 12;
      const rr = r * (1 + Math.sin(k * 0.9 + i) * 0.06);
      d += `${k === 0 ? 'M' : 'L'}${n(ox + Math.cos(a) * rr * area.rx)} ${n(oy + Math.sin(a) * rr * area.ry)}`;
    }
    const col = shade(tp.color, rng.range(-0.06, 0.06));
    out += `<path d="${d}" fill="none" stroke="${shade(tp.color, -0.3)}" stroke-width="19" stroke-linecap="round" stroke-linejoin="round"/>`;
    out += `<path d="${d}" fill="none" stroke="${col}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>`;
    out += `<path d="${d}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.35" transform="translate(-2 -3)"/>`;
  }
  return out;
}

function pool(rng: Rng, area: Area, tp: Extract<Topping, { t: 'pool' }>): string {
  const rx = area.rx * tp.size;
  const ry = area.ry * tp.size;
  const cx = area.cx + rng.range(-0.08, 0.08) * area.rx;
  const cy = area.cy + rng.range(-0.08, 0.08) * area.ry;
  return (
    `<path d="${blobPath(rng, cx, cy, rx, ry, 0.28, 11)}" fill="${tp.color}" stroke="${shade(tp.color, -0.25)}" stroke-width="4"/>` +
    `<path d="${blobPath(rng, cx - rx * 0.25, cy - ry * 0.3, rx * 0.35, ry * 0.14, 0.2, 7, 0)}" fill="#fff" opacity="0.3"/>` +
    `<path d="${blobPath(rng, cx + rx * 0.2, cy + ry * 0.15, rx * 0.5, ry * 0.4, 0.3, 8)}" fill="${shade(tp.color, 0.12)}" opacity="0.5"/>`
  );
}

function mound(rng: Rng, area: Area, tp: Extract<Topping, { t: 'mound' }>): string {
  const rx = area.rx * tp.size;
  const ry = area.ry * tp.size * 0.9;
  const cx = area.cx + (tp.dx ?? 0) * area.rx;
  const cy = area.cy + (tp.dy ?? 0) * area.ry;
  const rot = rng.range(0, Math.PI * 2);
  let out =
    `<path d="${blobPath(rng, cx + rx * 0.08, cy + ry * 0.12, rx, ry, 0.12, 8, rot)}" fill="#000" opacity="0.22"/>` +
    `<path d="${blobPath(rng, cx, cy, rx, ry, 0.12, 8, rot)}" fill="${tp.color}" stroke="${shade(tp.color, -0.2)}" stroke-width="4"/>` +
    `<path d="${blobPath(rng, cx - rx * 0.2, cy - ry * 0.22, rx * 0.55, ry * 0.4, 0.15, 7)}" fill="${shade(tp.color, 0.2)}" opacity="0.6"/>`;
  if (tp.crumb) {
    for (let i = 0; i < 30; i++) {
      const p = pointInDisc(rng, cx, cy, Math.min(rx, ry) * 0.85);
      out += `<ellipse cx="${n(p.x)}" cy="${n(p.y)}" rx="${n(rng.range(2, 5))}" ry="${n(rng.range(1.5, 3))}" fill="${shade(tp.color, -0.25)}" opacity="0.5"/>`;
    }
  }
  return out;
}

export function drawTopping(rng: Rng, area: Area, tp: Topping): string {
  switch (tp.t) {
    case 'chunks':
      return chunks(rng, area, tp);
    case 'rounds':
      return rounds(rng, area, tp);
    case 'leaves':
      return leaves(rng, area, tp);
    case 'crumbs':
      return crumbs(rng, area, tp);
    case 'swirl':
      return swirl(rng, area, tp);
    case 'drizzle':
      return drizzle(rng, area, tp);
    case 'lattice':
      return lattice(rng, area, tp);
    case 'vents':
      return vents(rng, area, tp);
    case 'spots':
      return spots(rng, area, tp);
    case 'fries':
      return fries(rng, area, tp);
    case 'crepes':
      return crepes(rng, area, tp);
    case 'fillet':
      return fillet(rng, area, tp);
    case 'tian':
      return tian(rng, area, tp);
    case 'forklines':
      return forklines(rng, area, tp);
    case 'melt':
      return melt(rng, area, tp);
    case 'bread':
      return bread(rng, area, tp);
    case 'noodles':
      return noodles(rng, area, tp);
    case 'pool':
      return pool(rng, area, tp);
    case 'mound':
      return mound(rng, area, tp);
  }
}
