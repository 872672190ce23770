// The widths our stored images can be asked at (/media/<key>?w=): the client's srcset offers them,
// the server makes and keeps each variant. 640 is there for phones between 480 and 768: a
// full-width card on a 412 px screen at a pixel ratio of 1.5, or a 360 px one at 1.75, takes it
// instead of 768 (about 30 % fewer bytes).
export const MEDIA_WIDTHS = [320, 480, 640, 768, 1200] as const;

export type MediaWidth = (typeof MEDIA_WIDTHS)[number];
