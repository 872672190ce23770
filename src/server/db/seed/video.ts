// The demo's one video (videos/demo-course.webm, committed; see videos/README.md): copied into storage
// once, then named by every demo recorded course and by the past live session's recording. The
// built server finds it the way it finds the migrations: under the project root (config.rootDir).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '../../integrations/storage/storage';

/** Under `videos/`, which /media never serves: only the learning routes stream it, after their access check. */
export const DEMO_VIDEO_KEY = 'videos/seed/demo-course.webm';

export type SeedVideo = { key: string; contentType: 'video/webm'; bytes: number };

export const demoVideoFile = (rootDir: string) => path.join(rootDir, 'src/server/db/seed/videos/demo-course.webm');

/**
 * Stores the demo video unless the same file (same size) is already there, or always with
 * `rewrite`. Streamed: storage's put never holds it whole in memory.
 */
export async function writeDemoVideo(storage: Storage, rootDir: string, opts: { rewrite?: boolean } = {}): Promise<SeedVideo> {
  const file = demoVideoFile(rootDir);
  const { size } = await stat(file);
  const present = await storage.get(DEMO_VIDEO_KEY);
  if (opts.rewrite || present?.size !== size) await storage.put(DEMO_VIDEO_KEY, createReadStream(file), 'video/webm');
  return { key: DEMO_VIDEO_KEY, contentType: 'video/webm', bytes: size };
}
