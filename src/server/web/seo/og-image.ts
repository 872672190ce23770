// The site's own share image (1200 × 630) for pages without a picture of their own: drawn
// from SVG by sharp on first use, so no binary file needs committing and no network is needed.
import sharp from 'sharp';

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="#fdf8f3"/>
<rect y="590" width="1200" height="40" fill="#9a3412"/>
<text x="100" y="300" font-family="Georgia, 'DejaVu Serif', serif" font-size="140" font-weight="700" fill="#7c2d12">Toque</text>
<text x="104" y="390" font-family="'DejaVu Sans', Arial, sans-serif" font-size="44" fill="#3f3a36">Cours de cuisine en ligne · Recettes · Québec</text>
</svg>`;

let png: Promise<Buffer> | null = null;

export function defaultOgImage(): Promise<Buffer> {
  png ??= sharp(Buffer.from(SVG)).png({ compressionLevel: 9, palette: true }).toBuffer();
  return png;
}
