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
  /** Up to eight things laid around it; long ones (rolling pin, knife…) are placed first. */
  props: PropKind[];
};

/**
 * Where props go: eight evenly spaced places on an oval around the centre, none straight above or
 * below it where the dish leaves little room. Filled alternately left and right, so however many
 * props a cover has they spread around the dish.
 */
const SLOT_ANGLES = [202.5, 22.5, 292.5, 112.5, 337.5, 157.5, 67.5, 247.5];

const LONG: PropKind[] = ['rolling-pin', 'wooden-spoon', 'whisk', 'chef-knife', 'carrot', 'herbs', 'wheat'];

export function coverSvg(art: CoverArt, rng: Rng, width = 1200, height = 800): string {
  const surface = drawSurface(art.surface, width, height, rng);
  let defs = surface.defs;
  let props = '';
  // Long props take the corner slots first, where they have room to lie diagonally.
  const longFirst = [...art.props].sort((a, b) => Number(LONG.includes(b)) - Number(LONG.includes(a)));
  longFirst.slice(0, SLOT_ANGLES.length).forEach((kind, i) => {
    const angle = ((SLOT_ANGLES[i] as number) * Math.PI) / 180;
    const slot = { x: width / 2 + Math.cos(angle) * 470, y: height / 2 + Math.sin(angle) * 335 };
    const isLong = LONG.includes(kind);
    // Long things lie across the radius, around the dish rather than into it.
    const rot = isLong ? (angle * 180) / Math.PI + 90 + rng.range(-15, 15) : rng.range(0, 360);
    const scale = isLong ? 0.8 : rng.range(0.9, 1.0);
    props +=
      `<g transform="translate(${n(slot.x + rng.range(-12, 12))} ${n(slot.y + rng.range(-10, 10))}) rotate(${n(rot)}) scale(${n(scale)})">` +
      drawProp(kind, rng) +
      '</g>';
  });
  let centre: string;
  if (typeof art.centre === 'string') {
    centre = `<g transform="translate(${width / 2} ${height / 2}) scale(1.3)">${drawProp(art.centre, rng)}</g>`;
  } else {
    const dish = drawDish(art.centre, rng, width / 2, height / 2);
    defs += dish.defs;
    centre = `<g transform="translate(${width / 2} ${height / 2}) scale(0.72) translate(${-width / 2} ${-height / 2})">${dish.body}</g>`;
  }
  return svgDocument(width, height, defs, surface.body + props + centre + surface.overlay);
}
