// Turns the seed pictures' SVG into WebP with sharp and stores them, skipping those already stored.
import sharp from 'sharp';
import type { Storage } from '../../../integrations/storage/storage';

export type ImageJob = {
  /** Storage key, e.g. seed/recipes/tarte-au-sucre.webp. */
  key: string;
  width: number;
  height: number;
  /** Built only when the picture must be drawn. */
  svg: () => string;
};

/** Effort 2 encodes as fast as 0–1 here but a quarter smaller; flat art stays under 60 KB. */
const WEBP = { quality: 80, effort: 2 } as const;

export async function renderWebp(job: Pick<ImageJob, 'width' | 'height' | 'svg'>): Promise<Buffer> {
  return sharp(Buffer.from(job.svg()))
    .resize(job.width, job.height, { fit: 'fill' })
    .webp(WEBP)
    .toBuffer();
}

/**
 * Draws and stores every missing picture (every picture with `redraw`), a few at a time.
 * Returns how many were written.
 */
export async function writeImages(
  storage: Storage,
  jobs: ImageJob[],
  opts: { redraw?: boolean; concurrency?: number } = {},
): Promise<number> {
  const concurrency = opts.concurrency ?? 4;
  const missing: ImageJob[] = [];
  await Promise.all(
    jobs.map(async (job) => {
      if (opts.redraw || !(await storage.exists(job.key))) missing.push(job);
    }),
  );
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const job = missing[next++] as ImageJob;
      await storage.put(job.key, await renderWebp(job), 'image/webp');
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
  return missing.length;
}
