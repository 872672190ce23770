// A course cover: a flat-lay seen from above, the course's signature dish in the middle and its
// ingredients and tools around it.
import { drawDish, type DishArt } from './dish';
import { drawProp, type PropKind } from './props';
import type { Rng } from './random';
import { drawSurface, type Surface } from './surfaces';
import { n, svgDocument } from './svg';

export type CoverArt = {
  surface: Surface;
  /** The dish in the middle, or one large ingredient (a loaf, a flour well). */
  centre: DishArt | PropKind;
  /** Up to eight things laid around it, in the order of the slots below. */
  props: PropKind[];
};

/** Where props go around the centre (1200×800 canvas), and whether a long prop fits there. */
const SLOTS = [
  { x: 175, y: 165, long: true },
  { x: 1030, y: 160, long: true },
  { x: 1050, y: 640, long: true },
  { x: 180, y: 630, long: true },
  { x: 600, y: 70, long: false },
  { x: 1115, y: 400, long: false },
  { x: 600, y: 745, long: false },
  { x: 85, y: 400, long: false },
] as const;

const LONG: PropKind[] = ['rolling-pin', 'wooden-spoon', 'whisk', 'chef-knife', 'carrot', 'herbs', 'wheat'];

export function coverSvg(art: CoverArt, rng: Rng, width = 1200, height = 800): string {
  const surface = drawSurface(art.surface, width, height, rng);
  let defs = surface.defs;
  let props = '';
  // Long props take the corner slots first, where they have room to lie diagonally.
  const longFirst = [...art.props].sort((a, b) => Number(LONG.includes(b)) - Number(LONG.includes(a)));
  longFirst.slice(0, SLOTS.length).forEach((kind, i) => {
    const slot = SLOTS[i] as (typeof SLOTS)[number];
    const isLong = LONG.includes(kind);
    // Diagonals point towards the middle so nothing long sticks out of the picture.
    const towards = (Math.atan2(height / 2 - slot.y, width / 2 - slot.x) * 180) / Math.PI;
    const rot = isLong ? towards + rng.range(-12, 12) : rng.range(0, 360);
    const scale = isLong ? 0.8 : rng.range(1.05, 1.2);
    props +=
      `<g transform="translate(${n(slot.x + rng.range(-15, 15))} ${n(slot.y + rng.range(-12, 12))}) rotate(${n(rot)}) scale(${n(scale)})">` +
      drawProp(kind, rng) +
      '</g>';
  });
  let centre: string;
  if (typeof art.centre === 'string') {
    centre = `<g transform="translate(${width / 2} ${height / 2}) scale(1.45)">${drawProp(art.centre, rng)}</g>`;
  } else {
    const dish = drawDish(art.centre, rng, width / 2, height / 2);
    defs += dish.defs;
    centre = `<g transform="translate(${width / 2} ${height / 2}) scale(0.78) translate(${-width / 2} ${-height / 2})">${dish.body}</g>`;
  }
  return svgDocument(width, height, defs, surface.body + props + centre + surface.overlay);
}
