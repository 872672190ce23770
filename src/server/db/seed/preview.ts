// Draws the seed pictures into one contact sheet, to look at them while tuning the art:
//   npx tsx src/server/db/seed/preview.ts /tmp/seed-sheet.png [part-of-key]
import sharp from 'sharp';
import { seedImageJobs } from './images';
import { renderWebp } from './images/render';

const [out = '/tmp/seed-sheet.png', filter = ''] = process.argv.slice(2);
const jobs = seedImageJobs().filter((j) => j.key.includes(filter));
const started = Date.now();
const images = await Promise.all(jobs.map(async (job) => ({ job, webp: await renderWebp(job) })));
const elapsed = Date.now() - started;

const cell = { w: 480, h: 320 };
const columns = 4;
const tiles = await Promise.all(
  images.map(({ webp }) => sharp(webp).resize(cell.w, cell.h, { fit: 'contain', background: '#ffffff' }).png().toBuffer()),
);
await sharp({
  create: { width: cell.w * columns, height: cell.h * Math.ceil(tiles.length / columns), channels: 3, background: '#ffffff' },
})
  .composite(tiles.map((input, i) => ({ input, left: (i % columns) * cell.w, top: Math.floor(i / columns) * cell.h })))
  .png()
  .toFile(out);

for (const { job, webp } of images) console.log(`${job.key}  ${(webp.length / 1024).toFixed(1)} Ko`);
console.log(`${images.length} images en ${elapsed} ms → ${out}`);
