import type { z } from '@shared/zod';
import { AppError } from './app-error';

/** Parses input with a shared schema; a failure becomes a 400 naming each bad field in French. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (issue.code === 'unrecognized_keys') {
      for (const k of issue.keys) fields[k] ??= 'Paramètre inconnu.';
      continue;
    }
    fields[key] ??= issue.message;
  }
  throw new AppError('VALIDATION_FAILED', undefined, fields);
}
