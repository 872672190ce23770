// A drink seen from the side, on a table against a wall: glass or mug, the liquid, ice, garnish, steam.
import type { Rng } from './random';
import { blobPath, leaf, n, shade, shadow, svgDocument } from './svg';

export type Garnish = 'lemon' | 'orange' | 'berries' | 'cinnamon' | 'mint' | 'marshmallow' | 'star-anise' | 'apple';

export type DrinkArt = {
  view: 'side';
  wall: string;
  table: string;
  vessel: 'mug' | 'tumbler' | 'jar' | 'goblet';
  /** Liquid colour at the top, then at the bottom. */
  liquid: [string, string];
  /** A mug's glaze. */
  vesselColor?: string;
  /** Whipped cream or foam heaped on top. */
  foam?: string;
  ice?: boolean;
  hot?: boolean;
  bubbles?: boolean;
  straw?: string;
  garnish: Garnish[];
};

type Box = { cx: number; top: number; bottom: number; topW: number; bottomW: number };

function scene(art: DrinkArt, width: number, height: number, rng: Rng, tableY: number): { defs: string; body: string } {
  const defs =
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(art.wall, 0.12)}"/><stop offset="1" stop-color="${shade(art.wall, -0.1)}"/></linearGradient>` +
    `<linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(art.table, 0.08)}"/><stop offset="1" stop-color="${shade(art.table, -0.2)}"/></linearGradient>` +
    '<radialGradient id="glow" cx="35%" cy="30%" r="60%"><stop offset="0" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>';
  let body = `<rect width="${width}" height="${tableY}" fill="url(#wall)"/><rect width="${width}" height="${tableY}" fill="url(#glow)"/>`;
  body += `<rect y="${tableY}" width="${width}" height="${height - tableY}" fill="url(#table)"/>`;
  for (let i = 0; i < 6; i++) {
    const y = tableY + 12 + i * ((height - tableY) / 6) + rng.range(-4, 4);
    body += `<path d="M0 ${n(y)}Q${width / 2} ${n(y + rng.range(-6, 6))} ${width} ${n(y)}" stroke="${shade(art.table, -0.25)}" stroke-width="2" fill="none" opacity="0.35"/>`;
  }
  body += `<rect y="${tableY}" width="${width}" height="6" fill="${shade(art.table, 0.25)}" opacity="0.6"/>`;
  return { defs, body };
}

function steam(cx: number, top: number, rng: Rng): string {
  let out = '';
  for (let i = -1; i <= 1; i++) {
    const x = cx + i * 55 + rng.range(-10, 10);
    const y = top - 40;
    out += `<path d="M${n(x)} ${n(y)}C${n(x - 40)} ${n(y - 50)} ${n(x + 40)} ${n(y - 90)} ${n(x)} ${n(y - 140)}C${n(x - 35)} ${n(y - 180)} ${n(x + 25)} ${n(y - 210)} ${n(x + 5)} ${n(y - 250)}" fill="none" stroke="#fff" stroke-width="26" stroke-linecap="round" opacity="0.12"/>`;
    out += `<path d="M${n(x)} ${n(y)}C${n(x - 40)} ${n(y - 50)} ${n(x + 40)} ${n(y - 90)} ${n(x)} ${n(y - 140)}C${n(x - 35)} ${n(y - 180)} ${n(x + 25)} ${n(y - 210)} ${n(x + 5)} ${n(y - 250)}" fill="none" stroke="#fff" stroke-width="10" stroke-linecap="round" opacity="0.3"/>`;
  }
  return out;
}

function lemonWheel(x: number, y: number, r: number, color: string): string {
  let seg = '';
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    seg += `<path d="M${n(x)} ${n(y)}L${n(x + Math.cos(a) * r * 0.8)} ${n(y + Math.sin(a) * r * 0.8)}" stroke="${shade(color, 0.6)}" stroke-width="${n(r / 12)}"/>`;
  }
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${shade(color, -0.1)}"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.86)}" fill="${shade(color, 0.55)}"/>` +
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.8)}" fill="${shade(color, 0.15)}"/>${seg}`
  );
}

function berry(x: number, y: number, r: number, color: string): string {
  return (
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}"/>` +
    `<circle cx="${n(x - r * 0.3)}" cy="${n(y - r * 0.35)}" r="${n(r * 0.3)}" fill="#fff" opacity="0.4"/>` +
    `<path d="M${n(x - r * 0.25)} ${n(y + r * 0.1)}l${n(r * 0.25)} ${n(-r * 0.2)}l${n(r * 0.25)} ${n(r * 0.2)}" stroke="${shade(color, -0.4)}" stroke-width="2" fill="none"/>`
  );
}

function cinnamonStick(x: number, y: number, len: number, rot: number): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
    `<rect x="-13" y="${n(-len)}" width="26" height="${n(len)}" rx="8" fill="#8a4b22"/>` +
    `<rect x="-13" y="${n(-len)}" width="9" height="${n(len)}" rx="4" fill="#a9622f"/>` +
    `<path d="M4 ${n(-len + 8)}L4 -8" stroke="#5c2f13" stroke-width="3"/>` +
    '</g>'
  );
}

function starAnise(x: number, y: number, r: number): string {
  let out = '';
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    out += `<ellipse cx="${n(x + Math.cos(a) * r * 0.55)}" cy="${n(y + Math.sin(a) * r * 0.55)}" rx="${n(r * 0.5)}" ry="${n(r * 0.22)}" fill="#7a3d1c" transform="rotate(${n((a * 180) / Math.PI)} ${n(x + Math.cos(a) * r * 0.55)} ${n(y + Math.sin(a) * r * 0.55)})"/>`;
    out += `<circle cx="${n(x + Math.cos(a) * r * 0.6)}" cy="${n(y + Math.sin(a) * r * 0.6)}" r="${n(r * 0.09)}" fill="#d9a066"/>`;
  }
  return out + `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.18)}" fill="#5a2b12"/>`;
}

function appleSlice(x: number, y: number, r: number, rot: number): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
    `<path d="M${n(-r)} 0A${n(r)} ${n(r * 0.8)} 0 0 0 ${n(r)} 0Z" fill="#b8262b"/>` +
    `<path d="M${n(-r * 0.9)} 0A${n(r * 0.9)} ${n(r * 0.68)} 0 0 0 ${n(r * 0.9)} 0Z" fill="#f6e7b8"/>` +
    `<ellipse cx="0" cy="${n(r * 0.25)}" rx="${n(r * 0.08)}" ry="${n(r * 0.12)}" fill="#5b3414"/>` +
    '</g>'
  );
}

function marshmallow(x: number, y: number, s: number, rot: number): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n(rot)})">` +
    `<rect x="${n(-s / 2)}" y="${n(-s / 2)}" width="${n(s)}" height="${n(s)}" rx="${n(s / 3)}" fill="#fffaf4" stroke="#eadfd0" stroke-width="2"/>` +
    `<rect x="${n(-s / 2 + 4)}" y="${n(-s / 2 + 4)}" width="${n(s * 0.4)}" height="${n(s * 0.3)}" rx="4" fill="#fff"/>` +
    '</g>'
  );
}

/** The outline of the vessel's inside, for the liquid and ice. */
function insidePath(b: Box, level: number): string {
  const y0 = b.top + level;
  const t = (y0 - b.top) / (b.bottom - b.top);
  const w0 = b.topW + (b.bottomW - b.topW) * t;
  return `M${n(b.cx - w0 / 2 + 10)} ${n(y0)}L${n(b.cx - b.bottomW / 2 + 14)} ${n(b.bottom - 26)}Q${n(b.cx)} ${n(b.bottom - 10)} ${n(b.cx + b.bottomW / 2 - 14)} ${n(b.bottom - 26)}L${n(b.cx + w0 / 2 - 10)} ${n(y0)}Z`;
}

function glass(art: DrinkArt, b: Box, rng: Rng): { defs: string; back: string; front: string } {
  const level = art.foam ? 40 : 70;
  const y0 = b.top + level;
  const t = level / (b.bottom - b.top);
  const w0 = b.topW + (b.bottomW - b.topW) * t;
  const defs =
    `<linearGradient id="liquid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${art.liquid[0]}"/><stop offset="1" stop-color="${art.liquid[1]}"/></linearGradient>` +
    '<linearGradient id="glassShine" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="0.2" stop-color="#fff" stop-opacity="0.08"/><stop offset="0.8" stop-color="#fff" stop-opacity="0.02"/><stop offset="1" stop-color="#fff" stop-opacity="0.35"/></linearGradient>';
  const outline = `M${n(b.cx - b.topW / 2)} ${n(b.top)}L${n(b.cx - b.bottomW / 2)} ${n(b.bottom - 20)}Q${n(b.cx - b.bottomW / 2)} ${n(b.bottom)} ${n(b.cx - b.bottomW / 2 + 24)} ${n(b.bottom)}L${n(b.cx + b.bottomW / 2 - 24)} ${n(b.bottom)}Q${n(b.cx + b.bottomW / 2)} ${n(b.bottom)} ${n(b.cx + b.bottomW / 2)} ${n(b.bottom - 20)}L${n(b.cx + b.topW / 2)} ${n(b.top)}Z`;
  let back = `<path d="${outline}" fill="#fff" opacity="0.12"/>`;
  back += `<path d="${insidePath(b, level)}" fill="url(#liquid)"/>`;
  if (art.ice) {
    for (let i = 0; i < 4; i++) {
      const x = b.cx + rng.range(-w0 / 3.2, w0 / 3.2);
      const y = y0 + 30 + i * 60 + rng.range(-10, 10);
      const s = rng.range(60, 80);
      back += `<rect x="${n(x - s / 2)}" y="${n(y - s / 2)}" width="${n(s)}" height="${n(s)}" rx="14" fill="#fff" fill-opacity="0.22" stroke="#fff" stroke-opacity="0.55" stroke-width="3" transform="rotate(${n(rng.range(-25, 25))} ${n(x)} ${n(y)})"/>`;
    }
  }
  if (art.bubbles) {
    for (let i = 0; i < 22; i++) {
      const x = b.cx + rng.range(-w0 / 2.6, w0 / 2.6);
      const y = rng.range(y0 + 20, b.bottom - 40);
      back += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rng.range(3, 7))}" fill="none" stroke="#fff" stroke-width="2" opacity="0.55"/>`;
    }
  }
  // Liquid surface seen slightly from above.
  back += `<ellipse cx="${b.cx}" cy="${n(y0)}" rx="${n(w0 / 2 - 10)}" ry="${n(w0 * 0.07)}" fill="${shade(art.liquid[0], 0.18)}"/>`;
  if (art.foam) {
    back += `<path d="${blobPath(rng, b.cx, y0 - 20, w0 / 2 - 4, 45, 0.12, 9, 0)}" fill="${art.foam}"/>`;
  }
  // The bottom of the glass: thick clear base.
  let front = `<ellipse cx="${b.cx}" cy="${n(b.bottom - 14)}" rx="${n(b.bottomW / 2 - 16)}" ry="12" fill="#fff" opacity="0.25"/>`;
  front += `<path d="${outline}" fill="url(#glassShine)"/>`;
  front += `<path d="${outline}" fill="none" stroke="#fff" stroke-width="4" opacity="0.7"/>`;
  front += `<ellipse cx="${b.cx}" cy="${b.top}" rx="${n(b.topW / 2)}" ry="${n(b.topW * 0.07)}" fill="none" stroke="#fff" stroke-width="4" opacity="0.8"/>`;
  front += `<rect x="${n(b.cx - b.topW / 2 + 26)}" y="${n(b.top + 40)}" width="18" height="${n((b.bottom - b.top) * 0.6)}" rx="9" fill="#fff" opacity="0.45"/>`;
  if (art.vessel === 'jar') {
    for (let i = 0; i < 3; i++) {
      const y = b.top + 14 + i * 14;
      front += `<path d="M${n(b.cx - b.topW / 2 + 2)} ${n(y)}Q${b.cx} ${n(y + 14)} ${n(b.cx + b.topW / 2 - 2)} ${n(y)}" fill="none" stroke="#fff" stroke-width="3" opacity="0.55"/>`;
    }
  }
  return { defs, back, front };
}

function goblet(art: DrinkArt, cx: number, tableY: number, rng: Rng): { defs: string; back: string; front: string; rimY: number; rimW: number } {
  const foot = tableY + 30;
  const stemTop = foot - 170;
  const bowlBottom = stemTop;
  const bowlTop = bowlBottom - 290;
  const w = 300;
  const defs = `<linearGradient id="liquid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${art.liquid[0]}"/><stop offset="1" stop-color="${art.liquid[1]}"/></linearGradient>`;
  const bowlPath = `M${n(cx - w / 2)} ${n(bowlTop)}C${n(cx - w / 2)} ${n(bowlBottom - 40)} ${n(cx - 60)} ${n(bowlBottom)} ${n(cx)} ${n(bowlBottom)}C${n(cx + 60)} ${n(bowlBottom)} ${n(cx + w / 2)} ${n(bowlBottom - 40)} ${n(cx + w / 2)} ${n(bowlTop)}Z`;
  const level = bowlTop + 90;
  const liquidPath = `M${n(cx - w / 2 + 6)} ${n(level)}C${n(cx - w / 2 + 8)} ${n(bowlBottom - 44)} ${n(cx - 56)} ${n(bowlBottom - 8)} ${n(cx)} ${n(bowlBottom - 8)}C${n(cx + 56)} ${n(bowlBottom - 8)} ${n(cx + w / 2 - 8)} ${n(bowlBottom - 44)} ${n(cx + w / 2 - 6)} ${n(level)}Z`;
  let back = `<path d="${bowlPath}" fill="#fff" opacity="0.12"/><path d="${liquidPath}" fill="url(#liquid)"/>`;
  back += `<ellipse cx="${cx}" cy="${n(level)}" rx="${n(w / 2 - 8)}" ry="18" fill="${shade(art.liquid[0], 0.2)}"/>`;
  if (art.bubbles) {
    for (let i = 0; i < 14; i++) back += `<circle cx="${n(cx + rng.range(-90, 90))}" cy="${n(rng.range(level + 20, bowlBottom - 30))}" r="${n(rng.range(3, 6))}" fill="none" stroke="#fff" stroke-width="2" opacity="0.5"/>`;
  }
  let front = `<path d="${bowlPath}" fill="none" stroke="#fff" stroke-width="4" opacity="0.75"/>`;
  front += `<ellipse cx="${cx}" cy="${n(bowlTop)}" rx="${n(w / 2)}" ry="20" fill="none" stroke="#fff" stroke-width="4" opacity="0.8"/>`;
  front += `<path d="M${n(cx - w / 2 + 30)} ${n(bowlTop + 40)}C${n(cx - w / 2 + 30)} ${n(bowlTop + 150)} ${n(cx - 80)} ${n(bowlBottom - 40)} ${n(cx - 50)} ${n(bowlBottom - 30)}" fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" opacity="0.4"/>`;
  front += `<rect x="${cx - 9}" y="${n(stemTop)}" width="18" height="170" fill="#fff" opacity="0.5"/>`;
  front += `<ellipse cx="${cx}" cy="${n(foot)}" rx="110" ry="22" fill="#fff" opacity="0.45" stroke="#fff" stroke-width="3"/>`;
  return { defs, back, front, rimY: bowlTop, rimW: w };
}

function mug(art: DrinkArt, b: Box): { defs: string; back: string; front: string } {
  const c = art.vesselColor ?? '#c8553d';
  const defs =
    `<linearGradient id="mugBody" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(c, 0.18)}"/><stop offset="0.35" stop-color="${shade(c, 0.05)}"/><stop offset="1" stop-color="${shade(c, -0.3)}"/></linearGradient>` +
    `<radialGradient id="liquid" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="${shade(art.liquid[0], 0.15)}"/><stop offset="1" stop-color="${art.liquid[1]}"/></radialGradient>`;
  const w = b.topW;
  const h = b.bottom - b.top;
  const ry = w * 0.12;
  const handle = `<path d="M${n(b.cx + w / 2 - 6)} ${n(b.top + h * 0.22)}C${n(b.cx + w / 2 + 120)} ${n(b.top + h * 0.2)} ${n(b.cx + w / 2 + 120)} ${n(b.top + h * 0.78)} ${n(b.cx + w / 2 - 6)} ${n(b.top + h * 0.72)}" fill="none" stroke="${shade(c, -0.15)}" stroke-width="38" stroke-linecap="round"/>`;
  const bodyPath = `M${n(b.cx - w / 2)} ${n(b.top)}L${n(b.cx - w / 2)} ${n(b.bottom - 30)}Q${n(b.cx - w / 2)} ${n(b.bottom)} ${n(b.cx - w / 2 + 40)} ${n(b.bottom)}L${n(b.cx + w / 2 - 40)} ${n(b.bottom)}Q${n(b.cx + w / 2)} ${n(b.bottom)} ${n(b.cx + w / 2)} ${n(b.bottom - 30)}L${n(b.cx + w / 2)} ${n(b.top)}Z`;
  const back = handle + `<path d="${bodyPath}" fill="url(#mugBody)"/>`;
  let front = `<ellipse cx="${b.cx}" cy="${b.top}" rx="${n(w / 2)}" ry="${n(ry)}" fill="${shade(c, 0.1)}"/>`;
  front += `<ellipse cx="${b.cx}" cy="${n(b.top + 4)}" rx="${n(w / 2 - 14)}" ry="${n(ry - 8)}" fill="url(#liquid)"/>`;
  front += `<rect x="${n(b.cx - w / 2 + 30)}" y="${n(b.top + 40)}" width="22" height="${n(h * 0.6)}" rx="11" fill="#fff" opacity="0.3"/>`;
  return { defs, back, front };
}

/** A drink picture, 1200×800. */
export function drinkSvg(art: DrinkArt, rng: Rng, width = 1200, height = 800): string {
  const tableY = 540;
  const cx = width / 2 - 40;
  const s = scene(art, width, height, rng, tableY);
  let defs = s.defs;
  let body = s.body;
  const baseY = tableY + 150;
  body += shadow(cx + 30, baseY + 6, 210, 34, 0.35);

  let rimY: number;
  let rimW: number;
  let back: string;
  let front: string;
  if (art.vessel === 'goblet') {
    const g = goblet(art, cx, baseY - 30, rng);
    defs += g.defs;
    back = g.back;
    front = g.front;
    rimY = g.rimY;
    rimW = g.rimW;
  } else if (art.vessel === 'mug') {
    const b: Box = { cx, top: baseY - 330, bottom: baseY, topW: 330, bottomW: 330 };
    const m = mug(art, b);
    defs += m.defs;
    back = m.back;
    front = m.front;
    rimY = b.top;
    rimW = b.topW;
  } else {
    const b: Box =
      art.vessel === 'jar'
        ? { cx, top: baseY - 440, bottom: baseY, topW: 270, bottomW: 290 }
        : { cx, top: baseY - 420, bottom: baseY, topW: 310, bottomW: 250 };
    const g = glass(art, b, rng);
    defs += g.defs;
    back = g.back;
    front = g.front;
    rimY = b.top;
    rimW = b.topW;
  }
  if (art.straw) {
    body += `<g transform="rotate(14 ${cx} ${rimY})"><rect x="${cx + 40}" y="${n(rimY - 150)}" width="22" height="420" rx="10" fill="${art.straw}"/>`;
    for (let y = rimY - 140; y < rimY + 260; y += 40) body += `<rect x="${cx + 40}" y="${n(y)}" width="22" height="14" fill="#fff" opacity="0.8"/>`;
    body += '</g>';
  }
  if (art.garnish.includes('cinnamon')) body += cinnamonStick(cx - 60, rimY + 60, 260, -14);
  body += back + front;

  // Whipped cream heaped on a mug.
  if (art.vessel === 'mug' && art.foam) {
    const ry = rimW * 0.12;
    for (let i = 0; i < 7; i++) {
      const x = cx + (i - 3) * (rimW / 8.5);
      const r = 52 - Math.abs(i - 3) * 6;
      body += `<circle cx="${n(x)}" cy="${n(rimY - 6 - (3 - Math.abs(i - 3)) * 12)}" r="${n(r)}" fill="${art.foam}" stroke="${shade(art.foam, -0.08)}" stroke-width="3"/>`;
    }
    body += `<ellipse cx="${cx}" cy="${n(rimY - 70)}" rx="60" ry="45" fill="${art.foam}"/><path d="M${cx - 30} ${n(rimY - 90)}Q${cx} ${n(rimY - 150)} ${cx + 16} ${n(rimY - 120)}" fill="${art.foam}" stroke="${shade(art.foam, -0.08)}" stroke-width="3"/>`;
    body += `<path d="M${n(cx - rimW / 2 + 20)} ${n(rimY + ry - 10)}Q${cx} ${n(rimY + ry + 10)} ${n(cx + rimW / 2 - 20)} ${n(rimY + ry - 10)}" fill="none" stroke="${shade(art.foam, -0.1)}" stroke-width="4" opacity="0.6"/>`;
    if (art.garnish.includes('berries') === false) {
      // A thread of syrup or a dusting of spice on the cream.
      body += `<path d="M${cx - 70} ${n(rimY - 40)}Q${cx - 10} ${n(rimY - 100)} ${cx + 50} ${n(rimY - 40)}" fill="none" stroke="${art.liquid[1]}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>`;
    }
  }
  if (art.garnish.includes('marshmallow')) {
    for (let i = 0; i < 4; i++) body += marshmallow(cx - 90 + i * 55, rimY - 8 + (i % 2) * 10, 46, rng.range(-30, 30));
  }
  if (art.garnish.includes('lemon')) body += lemonWheel(cx + rimW / 2 - 20, rimY + 10, 70, '#f2c12e');
  if (art.garnish.includes('orange')) body += lemonWheel(cx + rimW / 2 - 20, rimY + 10, 72, '#f08a24');
  if (art.garnish.includes('mint')) {
    body += leaf(cx - 30, rimY - 20, 80, -2.2, '#3f8f46') + leaf(cx + 10, rimY - 30, 70, -1.2, '#4aa152');
  }
  if (art.garnish.includes('berries')) {
    for (let i = 0; i < 5; i++) body += berry(cx - 80 + i * 36, rimY + 6 + rng.range(-8, 8), 18, '#3d3f8f');
  }
  if (art.garnish.includes('apple')) body += appleSlice(cx + rimW / 2 - 30, rimY + 4, 70, -20);
  if (art.hot) body += steam(cx, rimY - (art.foam ? 100 : 0), rng);

  // Props on the table, left and right of the drink.
  const props: string[] = [];
  const px = cx + 330;
  const py = baseY + 20;
  if (art.garnish.includes('lemon')) props.push(lemonWheel(px, py, 60, '#f2c12e'));
  if (art.garnish.includes('orange')) props.push(lemonWheel(px, py, 62, '#f08a24'));
  if (art.garnish.includes('berries')) {
    let b = '';
    for (let i = 0; i < 7; i++) b += berry(px + rng.range(-70, 70), py + rng.range(-20, 30), 20, '#3d3f8f');
    props.push(b);
  }
  if (art.garnish.includes('cinnamon')) props.push(cinnamonStick(px - 40, py + 30, 200, 72) + cinnamonStick(px - 30, py + 60, 190, 80));
  if (art.garnish.includes('star-anise')) props.push(starAnise(cx - 320, baseY + 10, 44));
  if (art.garnish.includes('apple')) props.push(appleSlice(px, py, 70, 10) + appleSlice(px + 60, py + 40, 60, 160));
  if (art.garnish.includes('marshmallow')) {
    let m = '';
    for (let i = 0; i < 3; i++) m += marshmallow(cx - 330 + i * 60, baseY + 20 + (i % 2) * 24, 50, rng.range(-30, 30));
    props.push(m);
  }
  body += props.join('');
  return svgDocument(width, height, defs, body);
}
