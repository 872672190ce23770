// A chef's portrait: a friendly stylised bust in a white chef's jacket, square.
import type { Rng } from './random';
import { n, shade, shadow, svgDocument } from './svg';

export type PortraitArt = {
  background: string;
  skin: string;
  hair: string;
  hairStyle: 'bun' | 'short' | 'curly' | 'long';
  /** The tall white chef's hat. */
  toque: boolean;
  /** The neckerchief's colour. */
  scarf: string;
  glasses?: boolean;
  beard?: boolean;
};

function hairBack(art: PortraitArt): string {
  if (art.hairStyle === 'long')
    return `<path d="M185 250Q170 420 210 470L390 470Q430 420 415 250Q410 130 300 128Q190 130 185 250Z" fill="${art.hair}"/>`;
  if (art.hairStyle === 'curly') {
    let out = '';
    for (let i = 0; i < 14; i++) {
      const a = Math.PI + (i / 13) * Math.PI;
      out += `<circle cx="${n(300 + Math.cos(a) * 120)}" cy="${n(250 + Math.sin(a) * 135)}" r="42" fill="${art.hair}"/>`;
    }
    return out;
  }
  return '';
}

function hairFront(art: PortraitArt): string {
  const h = art.hair;
  // Under a toque only the hair at the temples shows, swept to both sides.
  if (art.toque) {
    return `<path d="M194 268Q186 180 300 176Q414 180 406 268Q396 214 352 204Q300 226 248 204Q204 214 194 268Z" fill="${h}"/>`;
  }
  switch (art.hairStyle) {
    case 'bun':
      return (
        `<circle cx="300" cy="118" r="48" fill="${h}"/><circle cx="288" cy="106" r="14" fill="${shade(h, 0.2)}" opacity="0.5"/>` +
        `<path d="M196 262Q186 150 300 140Q414 150 404 262Q392 200 330 186Q270 214 196 262Z" fill="${h}"/>`
      );
    case 'short':
      return `<path d="M194 250Q180 140 300 132Q420 140 406 250Q396 196 360 184Q300 206 240 180Q204 196 194 250Z" fill="${h}"/>`;
    case 'curly': {
      let out = '';
      for (let i = 0; i < 9; i++) {
        const x = 205 + i * 24;
        out += `<circle cx="${x}" cy="${n(168 - Math.sin((i / 8) * Math.PI) * 26)}" r="30" fill="${h}"/>`;
      }
      return out;
    }
    case 'long':
      return `<path d="M192 258Q184 146 300 138Q416 146 408 258Q380 190 300 180Q250 200 192 258Z" fill="${h}"/>`;
  }
}

function toque(): string {
  let pleats = '';
  for (let x = 222; x <= 380; x += 32) pleats += `<path d="M${x} 136L${x + 5} 174" stroke="#e3e1dc" stroke-width="4" stroke-linecap="round"/>`;
  return (
    '<circle cx="236" cy="112" r="56" fill="#f6f4ef"/><circle cx="364" cy="112" r="56" fill="#f6f4ef"/>' +
    '<circle cx="300" cy="92" r="68" fill="#ffffff"/>' +
    '<path d="M206 124L394 124L388 182L212 182Z" fill="#ffffff"/>' +
    pleats +
    '<rect x="200" y="170" width="200" height="34" rx="10" fill="#efece6"/>' +
    '<path d="M258 50Q280 36 304 40" stroke="#e6e2da" stroke-width="6" fill="none" stroke-linecap="round"/>'
  );
}

function face(art: PortraitArt, rng: Rng): string {
  const eyeY = 272;
  const brow = rng.range(-4, 2);
  let out =
    `<ellipse cx="262" cy="${eyeY}" rx="11" ry="14" fill="#2b2018"/><ellipse cx="338" cy="${eyeY}" rx="11" ry="14" fill="#2b2018"/>` +
    `<circle cx="266" cy="${eyeY - 5}" r="4" fill="#fff"/><circle cx="342" cy="${eyeY - 5}" r="4" fill="#fff"/>` +
    `<path d="M242 ${n(244 + brow)}Q262 ${n(232 + brow)} 282 ${n(244 + brow)}M318 ${n(244 + brow)}Q338 ${n(232 + brow)} 358 ${n(244 + brow)}" stroke="${shade(art.hair, -0.1)}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M300 282Q292 306 304 310" stroke="${shade(art.skin, -0.25)}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<circle cx="236" cy="312" r="22" fill="#f07a7a" opacity="0.28"/><circle cx="364" cy="312" r="22" fill="#f07a7a" opacity="0.28"/>`;
  if (art.beard) {
    out += `<path d="M200 280Q205 420 300 424Q395 420 400 280Q390 350 340 352Q300 340 260 352Q210 350 200 280Z" fill="${art.hair}"/>`;
  }
  out +=
    '<path d="M256 326Q300 382 344 326Q300 342 256 326Z" fill="#8a2f2a"/>' +
    '<path d="M264 331Q300 343 336 331L331 339Q300 349 269 339Z" fill="#fff"/>' +
    '<path d="M282 360Q300 368 318 360Q300 352 282 360Z" fill="#d9606a"/>';
  if (art.glasses) {
    out +=
      '<circle cx="262" cy="272" r="30" fill="#fff" fill-opacity="0.12" stroke="#3a2a22" stroke-width="6"/>' +
      '<circle cx="338" cy="272" r="30" fill="#fff" fill-opacity="0.12" stroke="#3a2a22" stroke-width="6"/>' +
      '<path d="M292 270Q300 262 308 270M232 268L204 260M368 268L396 260" stroke="#3a2a22" stroke-width="6" fill="none"/>';
  }
  return out;
}

export function portraitSvg(art: PortraitArt, rng: Rng, size = 600): string {
  const defs =
    `<radialGradient id="bg" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${shade(art.background, 0.35)}"/><stop offset="1" stop-color="${art.background}"/></radialGradient>` +
    '<linearGradient id="jacket" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e4e2dd"/></linearGradient>' +
    `<radialGradient id="skin" cx="45%" cy="40%" r="65%"><stop offset="0" stop-color="${shade(art.skin, 0.08)}"/><stop offset="1" stop-color="${shade(art.skin, -0.08)}"/></radialGradient>`;
  let body = `<rect width="600" height="600" fill="url(#bg)"/>`;
  // A few soft kitchen-tile dots in the background.
  for (let i = 0; i < 7; i++) {
    body += `<circle cx="${n(rng.range(30, 570))}" cy="${n(rng.range(30, 260))}" r="${n(rng.range(10, 26))}" fill="#fff" opacity="0.12"/>`;
  }
  body += shadow(300, 590, 250, 60, 0.25);
  body += hairBack(art);
  // Jacket, neck, collar, buttons and neckerchief.
  body +=
    `<rect x="262" y="340" width="76" height="100" rx="20" fill="${shade(art.skin, -0.12)}"/>` +
    '<path d="M70 600C78 480 170 428 300 428C430 428 522 480 530 600Z" fill="url(#jacket)"/>' +
    '<path d="M300 440L300 600" stroke="#d8d5cf" stroke-width="4"/>' +
    '<path d="M230 430Q300 470 370 430L360 412Q300 440 240 412Z" fill="#f1efea"/>' +
    `<path d="M258 428L342 428L300 486Z" fill="${art.scarf}"/><circle cx="300" cy="436" r="16" fill="${shade(art.scarf, -0.15)}"/>` +
    [500, 555].map((y) => `<circle cx="256" cy="${y}" r="9" fill="#cfcac2"/><circle cx="344" cy="${y}" r="9" fill="#cfcac2"/>`).join('');
  // Head.
  body +=
    `<ellipse cx="196" cy="286" rx="20" ry="30" fill="${shade(art.skin, -0.06)}"/><ellipse cx="404" cy="286" rx="20" ry="30" fill="${shade(art.skin, -0.06)}"/>` +
    `<ellipse cx="300" cy="268" rx="106" ry="128" fill="url(#skin)"/>`;
  body += hairFront(art);
  if (art.toque) body += toque();
  body += face(art, rng);
  return svgDocument(size, size, defs, size === 600 ? body : `<g transform="scale(${n(size / 600)})">${body}</g>`);
}
