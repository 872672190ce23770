// A dish seen from above on its table: the vessel (bowl, plate, pie dish, pot…), the food in it,
// cutlery and a napkin. Used for recipe pictures and as the centrepiece of course covers.
import type { Rng } from './random';
import { drawSurface, type Surface } from './surfaces';
import { drawTopping, type Area, type Topping } from './toppings';
import { innerShade, n, shade, shadow, svgDocument } from './svg';

export type Vessel = 'bowl' | 'plate' | 'pie' | 'pot' | 'gratin' | 'skillet' | 'board' | 'ramekin';

export type DishArt = {
  view: 'top';
  surface: Surface;
  vessel: Vessel;
  vesselColor: string;
  /** The food's surface: centre colour, edge colour. */
  base?: [string, string];
  /** Pie crust or pastry colour. */
  crust?: string;
  toppings: Topping[];
  /** Things beside the main food: on the plate's rim, the board, the saucer. */
  side?: Topping[];
  /** A pie with one slice pulled out. */
  sliceOut?: boolean;
  cutlery?: 'fork-knife' | 'spoon' | 'fork' | 'none';
  napkin?: string;
};

export type Placement = { cx: number; cy: number; scale: number };

type Parts = { defs: string; under: string; food: string; over: string };

let uid = 0;
const nextId = (p: string) => `${p}${++uid}`;

function radial(id: string, inner: string, outer: string, fx = '42%', fy = '38%'): string {
  return `<radialGradient id="${id}" fx="${fx}" fy="${fy}" r="60%"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

/** The food disc or oval, filled with the base colours and clipped so toppings stay inside. */
function foodLayer(rng: Rng, art: DishArt, area: Area, clip: boolean): Parts {
  const gid = nextId('food');
  const cid = nextId('clip');
  let defs = art.base ? radial(gid, art.base[0], art.base[1]) : '';
  defs += `<clipPath id="${cid}"><ellipse cx="${n(area.cx)}" cy="${n(area.cy)}" rx="${n(area.rx)}" ry="${n(area.ry)}"/></clipPath>`;
  let food = art.base
    ? `<ellipse cx="${n(area.cx)}" cy="${n(area.cy)}" rx="${n(area.rx)}" ry="${n(area.ry)}" fill="url(#${gid})"/>`
    : '';
  // Depth: the far rim shades the food a little.
  if (art.base)
    food += innerShade(area.cx, area.cy, area.rx, area.ry, 0.4);
  const inner = art.toppings.map((tp) => drawTopping(rng, area, tp)).join('');
  food += clip ? `<g clip-path="url(#${cid})">${inner}</g>` : inner;
  return { defs, under: '', food, over: '' };
}

function plate(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const R = 300;
  const gid = nextId('plate');
  const defs = radial(gid, shade(art.vesselColor, 0.12), shade(art.vesselColor, -0.06), '45%', '40%');
  const under =
    shadow(cx + 14, cy + 22, R, R * 0.98, 0.35) +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="url(#${gid})"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R * 0.72}" fill="${shade(art.vesselColor, -0.05)}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R * 0.72}" fill="none" stroke="${shade(art.vesselColor, -0.15)}" stroke-width="3"/>` +
    `<path d="M${cx - R * 0.86} ${cy - R * 0.3}A${R * 0.91} ${R * 0.91} 0 0 1 ${cx - R * 0.2} ${cy - R * 0.88}" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.5"/>`;
  const area = { cx, cy, rx: R * 0.62, ry: R * 0.62 };
  const f = foodLayer(rng, art, area, false);
  return { defs: defs + f.defs, under, food: f.food, over: '', area };
}

function bowl(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const R = 285;
  const gid = nextId('bowl');
  const wid = nextId('wall');
  const defs =
    radial(gid, shade(art.vesselColor, 0.15), shade(art.vesselColor, -0.12)) +
    `<linearGradient id="${wid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(art.vesselColor, -0.25)}"/><stop offset="1" stop-color="${shade(art.vesselColor, 0.2)}"/></linearGradient>`;
  const under =
    shadow(cx + 18, cy + 26, R, R * 0.98, 0.4) +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="url(#${gid})"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R * 0.9}" fill="url(#${wid})"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R - 4}" fill="none" stroke="#fff" stroke-width="5" opacity="0.35"/>`;
  const area = { cx, cy, rx: R * 0.78, ry: R * 0.78 };
  const f = foodLayer(rng, art, area, true);
  return { defs: defs + f.defs, under, food: f.food, over: '', area };
}

function crimpedRing(cx: number, cy: number, r: number, color: string, bumps: number, size: number): string {
  let out = `<circle cx="${cx}" cy="${cy}" r="${n(r)}" fill="none" stroke="${color}" stroke-width="${n(size * 1.6)}"/>`;
  for (let i = 0; i < bumps; i++) {
    const a = (i / bumps) * Math.PI * 2;
    const x = cx + Math.cos(a) * r;
    const y = cy + Math.sin(a) * r;
    out += `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(size)}" ry="${n(size * 0.62)}" fill="${color}" stroke="${shade(color, -0.2)}" stroke-width="2" transform="rotate(${n((a * 180) / Math.PI)} ${n(x)} ${n(y)})"/>`;
    out += `<ellipse cx="${n(x - Math.cos(a) * 3)}" cy="${n(y - Math.sin(a) * 3 - 3)}" rx="${n(size * 0.5)}" ry="${n(size * 0.22)}" fill="#fff" opacity="0.25" transform="rotate(${n((a * 180) / Math.PI)} ${n(x)} ${n(y)})"/>`;
  }
  return out;
}

function pie(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const R = 300;
  const crust = art.crust ?? '#d9a35f';
  const under =
    shadow(cx + 16, cy + 24, R, R * 0.98, 0.38) +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${art.vesselColor}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="${shade(art.vesselColor, -0.15)}" stroke-width="10" stroke-dasharray="6 16" opacity="0.7"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R * 0.93}" fill="${shade(art.vesselColor, -0.08)}"/>`;
  const area = { cx, cy, rx: R * 0.8, ry: R * 0.8 };
  const f = foodLayer(rng, art, area, true);
  const over =
    crimpedRing(cx, cy, R * 0.82, crust, 34, 26);
  return { defs: f.defs, under, food: f.food, over, area };
}

function pot(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const R = 285;
  const c = art.vesselColor;
  const handle = (side: 1 | -1) =>
    `<rect x="${n(cx + side * (R - 10) - (side > 0 ? 0 : 70))}" y="${cy - 45}" width="70" height="90" rx="30" fill="${shade(c, -0.1)}" stroke="${shade(c, -0.35)}" stroke-width="6"/>` +
    `<rect x="${n(cx + side * (R + 12) - (side > 0 ? 0 : 30))}" y="${cy - 22}" width="30" height="44" rx="14" fill="${shade(c, -0.5)}"/>`;
  const under =
    shadow(cx + 18, cy + 26, R + 50, R, 0.42) +
    handle(1) +
    handle(-1) +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${c}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R * 0.93}" fill="${shade(c, -0.3)}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R - 6}" fill="none" stroke="#fff" stroke-width="5" opacity="0.18"/>`;
  const area = { cx, cy, rx: R * 0.88, ry: R * 0.88 };
  const f = foodLayer(rng, art, area, true);
  return { defs: f.defs, under, food: f.food, over: '', area };
}

function gratin(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const rx = 350;
  const ry = 240;
  const c = art.vesselColor;
  const gid = nextId('gratin');
  const defs = radial(gid, shade(c, 0.15), shade(c, -0.1));
  const under =
    shadow(cx + 16, cy + 26, rx + 60, ry, 0.38) +
    `<ellipse cx="${cx - rx - 18}" cy="${cy}" rx="60" ry="60" fill="${shade(c, -0.05)}"/>` +
    `<ellipse cx="${cx + rx + 18}" cy="${cy}" rx="60" ry="60" fill="${shade(c, -0.05)}"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${gid})"/>` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${rx * 0.92}" ry="${ry * 0.88}" fill="${shade(c, -0.2)}"/>`;
  const area = { cx, cy, rx: rx * 0.88, ry: ry * 0.83 };
  const f = foodLayer(rng, art, area, true);
  const over = `<ellipse cx="${cx}" cy="${cy}" rx="${rx - 4}" ry="${ry - 4}" fill="none" stroke="#fff" stroke-width="5" opacity="0.3"/>`;
  return { defs: defs + f.defs, under, food: f.food, over, area };
}

function skillet(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const R = 270;
  const c = art.vesselColor;
  const under =
    shadow(cx + 40, cy + 40, R + 80, R, 0.42) +
    `<g transform="rotate(35 ${cx} ${cy})"><rect x="${cx + R - 20}" y="${cy - 32}" width="240" height="64" rx="28" fill="${shade(c, -0.1)}"/>` +
    `<circle cx="${cx + R + 190}" cy="${cy}" r="14" fill="${shade(c, -0.6)}"/></g>` +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${c}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R * 0.9}" fill="${shade(c, -0.35)}"/>`;
  const area = { cx, cy, rx: R * 0.86, ry: R * 0.86 };
  const f = foodLayer(rng, art, area, true);
  return { defs: f.defs, under, food: f.food, over: '', area };
}

function board(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const w = 940;
  const h = 580;
  const c = art.vesselColor;
  let grain = '';
  for (let i = 0; i < 8; i++) {
    const y = cy - h / 2 + 30 + i * ((h - 60) / 7);
    grain += `<path d="M${cx - w / 2 + 20} ${n(y)}Q${cx} ${n(y + rng.range(-14, 14))} ${cx + w / 2 - 20} ${n(y)}" stroke="${shade(c, -0.2)}" stroke-width="2" fill="none" opacity="0.4"/>`;
  }
  const under =
    shadow(cx + 14, cy + 22, w / 2 + 60, h / 2, 0.38) +
    `<rect x="${cx + w / 2 - 30}" y="${cy - 50}" width="150" height="100" rx="45" fill="${c}"/>` +
    `<circle cx="${cx + w / 2 + 80}" cy="${cy}" r="16" fill="${shade(c, -0.5)}" opacity="0.6"/>` +
    `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="46" fill="${c}"/>${grain}` +
    `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="46" fill="none" stroke="${shade(c, -0.25)}" stroke-width="5"/>`;
  // The spread sits in a small bowl on the left of the board; bread goes to the right.
  const bx = cx - w / 2 + 225;
  const R = 185;
  const bowlPart =
    shadow(bx + 10, cy + 16, R, R, 0.35) +
    `<circle cx="${bx}" cy="${cy}" r="${R}" fill="${art.base ? '#f5efe4' : c}"/>` +
    `<circle cx="${bx}" cy="${cy}" r="${R * 0.86}" fill="${shade('#f5efe4', -0.15)}"/>`;
  const area = { cx: bx, cy, rx: R * 0.8, ry: R * 0.8 };
  const f = foodLayer(rng, art, area, true);
  return { defs: f.defs, under: under + bowlPart, food: f.food, over: '', area: { cx: cx + 110, cy, rx: 300, ry: 230 } };
}

function ramekin(rng: Rng, art: DishArt, cx: number, cy: number): Parts & { area: Area } {
  const saucer = 320;
  const R = 215;
  const c = art.vesselColor;
  let flutes = '';
  for (let i = 0; i < 36; i++) {
    const a = (i / 36) * Math.PI * 2;
    flutes += `<circle cx="${n(cx + Math.cos(a) * R)}" cy="${n(cy + Math.sin(a) * R)}" r="16" fill="${shade(c, -0.04)}"/>`;
  }
  const under =
    shadow(cx + 14, cy + 22, saucer, saucer, 0.32) +
    `<circle cx="${cx}" cy="${cy}" r="${saucer}" fill="#fbf8f2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${saucer * 0.8}" fill="#f1ebe1"/>` +
    shadow(cx + 10, cy + 16, R + 14, R + 14, 0.4) +
    flutes +
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="${c}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${R * 0.9}" fill="${shade(c, -0.1)}"/>`;
  const area = { cx, cy, rx: R * 0.86, ry: R * 0.86 };
  const f = foodLayer(rng, art, area, true);
  return { defs: f.defs, under, food: f.food, over: '', area: { cx, cy, rx: saucer * 0.95, ry: saucer * 0.95 } };
}

/** The sides of a ramekin's saucer or a plate rim: toppings kept off the middle. */
function sideLayer(rng: Rng, art: DishArt, area: Area): string {
  if (!art.side?.length) return '';
  if (art.vessel === 'ramekin') {
    // Lay the garnish on the saucer's rim, bottom-right, where it will not cover the ramekin.
    const rim = { cx: area.cx + area.rx * 0.62, cy: area.cy + area.ry * 0.55, rx: area.rx * 0.22, ry: area.ry * 0.18 };
    return art.side.map((tp) => drawTopping(rng, rim, tp)).join('');
  }
  return art.side.map((tp) => drawTopping(rng, area, tp)).join('');
}

function pieSlice(cx: number, cy: number, R: number, art: DishArt, pieBody: string, rng: Rng): { defs: string; body: string } {
  const id = nextId('wedge');
  const a0 = rng.range(0.15, 0.5);
  const a1 = a0 + 0.75;
  const p = (a: number, r: number) => `${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`;
  const wedge = `M${cx} ${cy}L${p(a0, R)}A${R} ${R} 0 0 1 ${p(a1, R)}Z`;
  const mid = (a0 + a1) / 2;
  const dx = Math.cos(mid) * 120;
  const dy = Math.sin(mid) * 120;
  const defs = `<clipPath id="${id}"><path d="${wedge}"/></clipPath>`;
  // The empty dish where the slice was, the cut faces of what remains, then the slice moved out.
  const dark = art.base?.[1] ?? '#7a4a20';
  const hole =
    `<path d="${wedge}" fill="${shade(art.vesselColor, -0.1)}"/>` +
    `<path d="M${cx} ${cy}L${p(a0, R)}M${cx} ${cy}L${p(a1, R)}" stroke="${shade(dark, -0.15)}" stroke-width="12" stroke-linecap="round"/>`;
  const slice =
    `<g transform="translate(${n(dx + 12)} ${n(dy + 18)})"><path d="${wedge}" fill="#000" fill-opacity="0.16" stroke="#000" stroke-opacity="0.1" stroke-width="18" stroke-linejoin="round"/></g>` +
    `<g transform="translate(${n(dx)} ${n(dy)})"><g clip-path="url(#${id})">${pieBody}</g>` +
    `<path d="M${cx} ${cy}L${p(a0, R)}M${cx} ${cy}L${p(a1, R)}" stroke="${dark}" stroke-width="6" stroke-linecap="round" opacity="0.6"/></g>`;
  return { defs, body: hole + slice };
}

function cutlery(kind: NonNullable<DishArt['cutlery']>, cx: number, cy: number, halfWidth: number, rng: Rng): { defs: string; body: string } {
  if (kind === 'none') return { defs: '', body: '' };
  const defs =
    '<linearGradient id="steel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#aeb4bb"/><stop offset="0.45" stop-color="#eef1f4"/><stop offset="1" stop-color="#9097a0"/></linearGradient>';
  const fork = (x: number, rot: number) =>
    `<g transform="translate(${n(x)} ${cy}) rotate(${n(rot)})">` +
    `<g transform="translate(7 10)" opacity="0.16"><rect x="-14" y="-40" width="28" height="270" rx="13" fill="#000"/><rect x="-28" y="-190" width="56" height="160" rx="10" fill="#000"/></g>` +
    '<rect x="-13" y="-40" width="26" height="270" rx="13" fill="url(#steel)"/>' +
    '<path d="M-28 -120Q-28 -40 0 -30Q28 -40 28 -120Z" fill="url(#steel)"/>' +
    [-24, -9, 6, 21].map((tx) => `<rect x="${tx - 1}" y="-205" width="8" height="95" rx="4" fill="url(#steel)"/>`).join('') +
    '</g>';
  const knife = (x: number, rot: number) =>
    `<g transform="translate(${n(x)} ${cy}) rotate(${n(rot)})">` +
    `<g transform="translate(7 10)" opacity="0.16"><rect x="-16" y="-220" width="34" height="460" rx="14" fill="#000"/></g>` +
    '<rect x="-15" y="20" width="30" height="215" rx="14" fill="url(#steel)"/>' +
    '<path d="M-14 24L-14 -160Q-14 -225 18 -228L18 24Z" fill="url(#steel)"/>' +
    '<path d="M12 -200L12 20" stroke="#fff" stroke-width="3" opacity="0.6"/>' +
    '</g>';
  const spoon = (x: number, rot: number) =>
    `<g transform="translate(${n(x)} ${cy}) rotate(${n(rot)})">` +
    `<g transform="translate(7 10)" opacity="0.16"><rect x="-13" y="-80" width="26" height="310" rx="12" fill="#000"/><ellipse cx="0" cy="-140" rx="44" ry="64" fill="#000"/></g>` +
    '<rect x="-12" y="-90" width="24" height="320" rx="12" fill="url(#steel)"/>' +
    '<ellipse cx="0" cy="-140" rx="44" ry="64" fill="url(#steel)"/>' +
    '<ellipse cx="-8" cy="-150" rx="20" ry="34" fill="#fff" opacity="0.45"/>' +
    '</g>';
  const left = cx - halfWidth - 95;
  const right = cx + halfWidth + 95;
  const tilt = () => rng.range(-6, 6);
  switch (kind) {
    case 'fork-knife':
      return { defs, body: fork(left, tilt()) + knife(right, tilt()) };
    case 'fork':
      return { defs, body: fork(left, tilt()) };
    case 'spoon':
      return { defs, body: spoon(right, tilt()) };
  }
}

function napkin(color: string, x: number, cy: number, rng: Rng): string {
  const rot = rng.range(-10, 4);
  return (
    `<g transform="translate(${n(x)} ${cy}) rotate(${n(rot)})">` +
    shadow(10, 14, 110, 250, 0.25) +
    `<rect x="-110" y="-260" width="220" height="520" rx="10" fill="${color}"/>` +
    `<rect x="-110" y="-260" width="220" height="520" rx="10" fill="none" stroke="${shade(color, -0.12)}" stroke-width="6" stroke-dasharray="2 10"/>` +
    `<path d="M-20 -260L-20 260" stroke="${shade(color, -0.15)}" stroke-width="4" opacity="0.6"/>` +
    `<path d="M-14 -260L-14 260" stroke="#fff" stroke-width="4" opacity="0.35"/>` +
    '</g>'
  );
}

/** The dish alone (vessel, food, garnish), centred at (cx, cy): reused on course covers. */
export function drawDish(art: DishArt, rng: Rng, cx: number, cy: number): { defs: string; body: string; halfWidth: number } {
  const draw = { bowl, plate, pie, pot, gratin, skillet, board, ramekin }[art.vessel];
  const parts = draw(rng, art, cx, cy);
  let defs = parts.defs;
  let body = parts.under + parts.food + parts.over;
  if (art.sliceOut && art.vessel === 'pie') {
    const s = pieSlice(cx, cy, 300 * 0.88, art, parts.food + parts.over, rng);
    defs += s.defs;
    body += s.body;
  }
  body += sideLayer(rng, art, parts.area);
  const halfWidth = { bowl: 285, plate: 300, pie: 300, pot: 340, gratin: 420, skillet: 270, board: 410, ramekin: 320 }[art.vessel];
  return { defs, body, halfWidth };
}

/** A recipe picture: the dish on its table, 1200×800. */
export function dishSvg(art: DishArt, rng: Rng, width = 1200, height = 800): string {
  const surface = drawSurface(art.surface, width, height, rng);
  const cx = width / 2 + (art.vessel === 'skillet' ? -70 : art.vessel === 'board' ? -60 : 0);
  const cy = height / 2 + (art.vessel === 'skillet' ? -20 : 0);
  const dish = drawDish(art, rng, cx, cy);
  const kind = art.cutlery ?? (art.vessel === 'bowl' || art.vessel === 'ramekin' ? 'spoon' : 'fork-knife');
  const tools = cutlery(kind, cx, cy, dish.halfWidth, rng);
  const cloth = art.napkin && kind !== 'spoon' && kind !== 'none' ? napkin(art.napkin, cx - dish.halfWidth - 100, cy, rng) : '';
  const clothRight = art.napkin && kind === 'spoon' ? napkin(art.napkin, cx + dish.halfWidth + 100, cy, rng) : '';
  const body = surface.body + cloth + clothRight + tools.body + dish.body + surface.overlay;
  return svgDocument(width, height, surface.defs + tools.defs + dish.defs, body);
}

