// Ingredients and kitchen tools seen from above, for the flat-lay course covers. Each draws around
// (0, 0), about 160 px across, and is moved, turned and scaled by the caller.
import type { Rng } from './random';
import { blobPath, leaf, n, shade, shadow } from './svg';

export const PROP_KINDS = [
  'rolling-pin',
  'flour',
  'egg',
  'onion',
  'garlic',
  'herbs',
  'basil',
  'tomato',
  'mushroom',
  'carrot',
  'lemon',
  'maple-leaf',
  'butter',
  'wooden-spoon',
  'whisk',
  'chef-knife',
  'parmesan',
  'berries',
  'coffee',
  'wine',
  'loaf',
  'wheat',
  'flour-well',
] as const;
export type PropKind = (typeof PROP_KINDS)[number];

function rollingPin(): string {
  return (
    shadow(8, 14, 260, 34, 0.3) +
    '<rect x="-250" y="-14" width="500" height="28" rx="14" fill="#b9854f"/>' +
    '<rect x="-170" y="-38" width="340" height="76" rx="20" fill="#e2b882"/>' +
    '<rect x="-170" y="-30" width="340" height="16" rx="8" fill="#f3d3a4" opacity="0.8"/>' +
    '<rect x="-170" y="20" width="340" height="12" rx="6" fill="#b9854f" opacity="0.5"/>'
  );
}

function flour(rng: Rng): string {
  let out = shadow(8, 12, 120, 120, 0.3);
  out += '<circle r="120" fill="#efe6d8"/><circle r="104" fill="#dcd0bd"/>';
  out += `<path d="${blobPath(rng, 0, 0, 92, 92, 0.08, 9)}" fill="#fbf8f1"/>`;
  out += '<ellipse cx="-25" cy="-30" rx="40" ry="22" fill="#fff"/>';
  return out;
}

function flourWell(rng: Rng): string {
  // A mound of flour with eggs in its well: how fresh pasta starts.
  let out = shadow(6, 10, 170, 150, 0.18);
  out += `<path d="${blobPath(rng, 0, 0, 175, 160, 0.1, 11)}" fill="#f6f1e6"/>`;
  out += `<path d="${blobPath(rng, 0, 0, 120, 108, 0.1, 9)}" fill="#ebe3d3"/>`;
  out += '<ellipse cx="0" cy="0" rx="82" ry="70" fill="#f4c43a"/><ellipse cx="0" cy="0" rx="82" ry="70" fill="none" stroke="#fff6d8" stroke-width="10" opacity="0.7"/>';
  out += '<circle cx="-22" cy="-8" r="26" fill="#f2a516"/><circle cx="26" cy="12" r="24" fill="#f2a516"/>';
  out += '<circle cx="-30" cy="-16" r="8" fill="#fff" opacity="0.5"/><circle cx="18" cy="4" r="7" fill="#fff" opacity="0.5"/>';
  for (let i = 0; i < 30; i++) {
    out += `<circle cx="${n(rng.range(-200, 200))}" cy="${n(rng.range(-180, 180))}" r="${n(rng.range(2, 5))}" fill="#fbf8f1" opacity="0.8"/>`;
  }
  return out;
}

function egg(): string {
  return (
    shadow(6, 10, 46, 60, 0.3) +
    '<ellipse rx="46" ry="60" fill="#f2dcc0"/>' +
    '<ellipse cx="-14" cy="-20" rx="14" ry="20" fill="#fff" opacity="0.55"/>'
  );
}

function onion(): string {
  // Half an onion, cut side up: concentric rings.
  let out = shadow(6, 10, 80, 80, 0.3) + '<circle r="80" fill="#b8672f"/>';
  for (let i = 0; i < 6; i++) {
    const r = 72 - i * 12;
    out += `<circle r="${r}" fill="${i % 2 ? '#f3ecef' : '#e7d4e3'}" stroke="#c9a8c2" stroke-width="2"/>`;
  }
  return out;
}

function garlic(): string {
  let out = shadow(6, 10, 60, 58, 0.3);
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    out += `<ellipse cx="${n(Math.cos(a) * 24)}" cy="${n(Math.sin(a) * 24)}" rx="34" ry="28" fill="#f4ede1" stroke="#d9ccb8" stroke-width="2" transform="rotate(${n((a * 180) / Math.PI)} ${n(Math.cos(a) * 24)} ${n(Math.sin(a) * 24)})"/>`;
  }
  out += '<circle r="26" fill="#efe5d4"/><circle r="10" fill="#b99c78"/>';
  out += '<path d="M0 0Q-6 -20 -2 -40" stroke="#8d7355" stroke-width="6" stroke-linecap="round" fill="none"/>';
  return out;
}

function herbs(rng: Rng): string {
  // A sprig of rosemary or thyme: a stem and many small leaves.
  let out = '<path d="M-150 30Q0 -10 150 -30" stroke="#6b5a3a" stroke-width="6" fill="none" stroke-linecap="round"/>';
  for (let i = 0; i < 22; i++) {
    const t = i / 22;
    const x = -140 + t * 285;
    const y = 28 - t * 56 + (Math.sin(t * 3) * 6);
    const side = i % 2 ? 1 : -1;
    out += leaf(x + side * 4, y + side * 16, rng.range(34, 46), side * 1.2 + rng.range(-0.2, 0.2) + 0.3, rng.pick(['#4f7a3a', '#5d8a45', '#456b33']), 0.22);
  }
  return out;
}

function basil(rng: Rng): string {
  let out = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 + rng.range(-0.2, 0.2);
    out += leaf(Math.cos(a) * 46, Math.sin(a) * 46, rng.range(90, 110), a, rng.pick(['#3f8f3a', '#4aa145', '#35802f']), 0.5);
  }
  return out + '<circle r="12" fill="#2f6e2a"/>';
}

function tomato(rng: Rng): string {
  const c = rng.pick(['#d8322a', '#e2432b', '#c92a24']);
  let out = shadow(6, 10, 66, 64, 0.3) + `<circle r="66" fill="${c}"/>`;
  out += `<ellipse cx="-20" cy="-22" rx="20" ry="14" fill="#fff" opacity="0.35"/>`;
  for (let i = 0; i < 5; i++) out += leaf(Math.cos((i / 5) * 6.28) * 14, Math.sin((i / 5) * 6.28) * 14, 34, (i / 5) * 6.28, '#3e7b2f', 0.28);
  return out;
}

function mushroom(): string {
  return (
    shadow(6, 10, 62, 62, 0.3) +
    '<circle r="62" fill="#c9a27a"/><circle r="62" fill="none" stroke="#a98259" stroke-width="6"/>' +
    '<ellipse cx="-18" cy="-18" rx="26" ry="18" fill="#e2c6a4" opacity="0.8"/>'
  );
}

function carrot(rng: Rng): string {
  let out = shadow(6, 10, 140, 30, 0.3);
  out += '<path d="M-130 0Q-120 -30 -60 -32L120 -8Q140 0 120 8L-60 32Q-120 30 -130 0Z" fill="#ec7a1c"/>';
  for (let i = 0; i < 5; i++) out += `<path d="M${-80 + i * 40} ${-22 + i * 3}l10 14" stroke="#c55f10" stroke-width="3" stroke-linecap="round"/>`;
  out += '<path d="M-120 -10Q-60 -24 80 -10" stroke="#fff" stroke-width="5" opacity="0.3" fill="none"/>';
  for (let i = 0; i < 4; i++) out += leaf(-160, rng.range(-10, 10), rng.range(70, 90), Math.PI + rng.range(-0.5, 0.5), '#4d8a34', 0.2);
  return out;
}

function lemon(): string {
  let seg = '';
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    seg += `<path d="M0 0L${n(Math.cos(a) * 56)} ${n(Math.sin(a) * 56)}" stroke="#fff6c8" stroke-width="5"/>`;
  }
  return (
    shadow(6, 10, 70, 70, 0.3) +
    '<circle r="70" fill="#f0c419"/><circle r="62" fill="#fff3b8"/><circle r="57" fill="#f7d84a"/>' +
    seg +
    '<circle r="8" fill="#fff6c8"/>'
  );
}

function mapleLeaf(rng: Rng): string {
  // A simplified sugar maple leaf: five pointed lobes and a stem.
  const pts: string[] = [];
  const lobes = [
    [0, -100],
    [20, -55],
    [55, -70],
    [45, -35],
    [95, -30],
    [70, 0],
    [80, 20],
    [30, 15],
    [25, 45],
    [5, 30],
    [0, 70],
    [-5, 30],
    [-25, 45],
    [-30, 15],
    [-80, 20],
    [-70, 0],
    [-95, -30],
    [-45, -35],
    [-55, -70],
    [-20, -55],
  ];
  for (const [x, y] of lobes) pts.push(`${x} ${y}`);
  const c = rng.pick(['#c0392b', '#d35400', '#e67e22', '#b03a2e']);
  return (
    `<path d="M${pts.join('L')}Z" fill="#000" opacity="0.18" transform="translate(6 10)"/>` +
    `<path d="M${pts.join('L')}Z" fill="${c}" stroke="${shade(c, -0.2)}" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M0 -80L0 110M0 0L60 -45M0 0L-60 -45M0 20L50 10M0 20L-50 10" stroke="${shade(c, -0.3)}" stroke-width="3" stroke-linecap="round"/>`
  );
}

function butter(): string {
  return (
    shadow(8, 12, 130, 70, 0.3) +
    '<rect x="-130" y="-70" width="260" height="140" rx="16" fill="#f6f1e6"/>' +
    '<rect x="-100" y="-46" width="170" height="92" rx="8" fill="#f7dc83"/>' +
    '<rect x="-100" y="-46" width="170" height="22" rx="6" fill="#fbeab0"/>'
  );
}

function woodenSpoon(): string {
  return (
    shadow(8, 14, 220, 40, 0.3) +
    '<rect x="-230" y="-12" width="300" height="24" rx="12" fill="#c89660"/>' +
    '<ellipse cx="130" cy="0" rx="80" ry="50" fill="#c89660"/>' +
    '<ellipse cx="134" cy="0" rx="62" ry="36" fill="#b0804c"/>' +
    '<rect x="-220" y="-6" width="280" height="5" rx="2" fill="#e0b888"/>'
  );
}

function whisk(): string {
  let wires = '';
  for (let i = -3; i <= 3; i++) {
    wires += `<path d="M-40 0Q60 ${i * 22} 160 0" stroke="#c7ccd2" stroke-width="4" fill="none"/>`;
    wires += `<path d="M-40 0Q60 ${i * 22} 160 0" stroke="#fff" stroke-width="1.5" fill="none" opacity="0.6"/>`;
  }
  return (
    shadow(6, 12, 200, 50, 0.22) +
    '<rect x="-220" y="-16" width="190" height="32" rx="16" fill="#2f3133"/>' +
    '<rect x="-210" y="-10" width="170" height="8" rx="4" fill="#55595c"/>' +
    wires
  );
}

function chefKnife(): string {
  return (
    shadow(8, 14, 250, 40, 0.28) +
    '<rect x="-250" y="-20" width="150" height="40" rx="12" fill="#2b2a28"/>' +
    '<circle cx="-220" cy="0" r="5" fill="#c9ced4"/><circle cx="-170" cy="0" r="5" fill="#c9ced4"/><circle cx="-120" cy="0" r="5" fill="#c9ced4"/>' +
    '<path d="M-100 -22L190 -16Q250 -14 262 14L-100 30Z" fill="#d5dade"/>' +
    '<path d="M-100 18L256 12" stroke="#f4f6f8" stroke-width="6"/>' +
    '<path d="M-100 -22L190 -16" stroke="#9aa1a8" stroke-width="3"/>'
  );
}

function parmesan(): string {
  return (
    '<path d="M-120 60L120 60L-40 -90Z" fill="#000" opacity="0.18" stroke="#000" stroke-width="14" stroke-linejoin="round" transform="translate(8 12)"/>' +
    '<path d="M-120 60L120 60L-40 -90Z" fill="#f3d98c"/>' +
    '<path d="M-120 60L120 60L112 44L-106 44Z" fill="#d9a84e"/>' +
    '<circle cx="-30" cy="10" r="6" fill="#e8c86c"/><circle cx="10" cy="30" r="5" fill="#e8c86c"/><circle cx="-50" cy="-30" r="4" fill="#e8c86c"/>'
  );
}

function berries(rng: Rng): string {
  let out = shadow(6, 10, 90, 80, 0.22);
  for (let i = 0; i < 16; i++) {
    const x = rng.range(-80, 80);
    const y = rng.range(-70, 70);
    const raspberry = rng.chance(0.35);
    const c = raspberry ? '#c8283e' : '#3b3d8a';
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${raspberry ? 22 : 17}" fill="${c}"/>`;
    out += `<circle cx="${n(x - 5)}" cy="${n(y - 6)}" r="5" fill="#fff" opacity="0.4"/>`;
  }
  return out;
}

function coffee(): string {
  return (
    shadow(8, 12, 120, 120, 0.3) +
    '<circle r="120" fill="#f4efe6"/><circle r="104" fill="#e8e0d2"/>' +
    '<rect x="70" y="-22" width="90" height="44" rx="20" fill="#f4efe6"/>' +
    '<circle cx="-10" r="70" fill="#fff"/><circle cx="-10" r="62" fill="#6b3e1f"/>' +
    '<circle cx="-10" r="40" fill="#c08a55" opacity="0.8"/><circle cx="-18" cy="-8" r="14" fill="#e9c9a0" opacity="0.8"/>'
  );
}

function wine(): string {
  return (
    shadow(8, 12, 80, 80, 0.25) +
    '<circle r="80" fill="#fff" opacity="0.35" stroke="#fff" stroke-width="4"/>' +
    '<circle r="62" fill="#7a1026"/><circle cx="-18" cy="-18" r="18" fill="#fff" opacity="0.25"/>'
  );
}

function loaf(rng: Rng): string {
  // A round sourdough boule, scored and dusted with flour.
  let out = shadow(10, 16, 170, 160, 0.38);
  out += '<circle r="170" fill="#9a5a24"/><circle r="150" fill="#b8732f"/>';
  out += `<path d="${blobPath(rng, -30, -30, 90, 70, 0.15, 8)}" fill="#cf8f45" opacity="0.7"/>`;
  for (const rot of [0, 90]) {
    out += `<path d="M-110 0Q0 -22 110 0" stroke="#f1dfc0" stroke-width="16" fill="none" stroke-linecap="round" transform="rotate(${rot + 20})"/>`;
  }
  for (let i = 0; i < 40; i++) {
    out += `<circle cx="${n(rng.range(-120, 120))}" cy="${n(rng.range(-120, 120))}" r="${n(rng.range(2, 6))}" fill="#fff" opacity="0.55"/>`;
  }
  return out;
}

function wheat(rng: Rng): string {
  // Two ears of wheat: a stem, then grains in pairs with their whiskers.
  let out = '';
  for (const dy of [-22, 22]) {
    out += `<path d="M-220 ${dy + 30}L20 ${dy}" stroke="#c9a25a" stroke-width="7" stroke-linecap="round"/>`;
    for (let i = 0; i < 8; i++) {
      const x = 20 + i * 26;
      const y = dy - i * 1.5;
      out += `<ellipse cx="${x}" cy="${n(y - 13)}" rx="20" ry="11" fill="#e2bd6c" stroke="#b98f3e" stroke-width="2" transform="rotate(-28 ${x} ${n(y - 13)})"/>`;
      out += `<ellipse cx="${x}" cy="${n(y + 13)}" rx="20" ry="11" fill="#d9b160" stroke="#b98f3e" stroke-width="2" transform="rotate(28 ${x} ${n(y + 13)})"/>`;
      out += `<path d="M${x + 10} ${n(y - 20)}l${n(rng.range(30, 44))} -26M${x + 10} ${n(y + 20)}l${n(rng.range(30, 44))} 26" stroke="#e2bd6c" stroke-width="2.5"/>`;
    }
  }
  return out;
}

export function drawProp(kind: PropKind, rng: Rng): string {
  switch (kind) {
    case 'rolling-pin':
      return rollingPin();
    case 'flour':
      return flour(rng);
    case 'flour-well':
      return flourWell(rng);
    case 'egg':
      return egg();
    case 'onion':
      return onion();
    case 'garlic':
      return garlic();
    case 'herbs':
      return herbs(rng);
    case 'basil':
      return basil(rng);
    case 'tomato':
      return tomato(rng);
    case 'mushroom':
      return mushroom();
    case 'carrot':
      return carrot(rng);
    case 'lemon':
      return lemon();
    case 'maple-leaf':
      return mapleLeaf(rng);
    case 'butter':
      return butter();
    case 'wooden-spoon':
      return woodenSpoon();
    case 'whisk':
      return whisk();
    case 'chef-knife':
      return chefKnife();
    case 'parmesan':
      return parmesan();
    case 'berries':
      return berries(rng);
    case 'coffee':
      return coffee();
    case 'wine':
      return wine();
    case 'loaf':
      return loaf(rng);
    case 'wheat':
      return wheat(rng);
  }
}
