import path from 'node:path';
import type { Config } from '../env';

export const migrationsDir = (config: Pick<Config, 'rootDir'>) =>
  path.join(config.rootDir, 'src/server/db/migrations');

export const pgliteDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

export const uploadsDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'uploads');
