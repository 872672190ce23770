// Placeholder interface for the demo seed: implemented by the seed work in progress.
import type { Deps } from '../../deps';

export async function seedIfEmpty(_deps: Deps): Promise<boolean> {
  return false;
}
