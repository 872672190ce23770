// Types of rollup-warnings.mjs for vite.config.ts and the test.
import type { LogHandlerWithDefault } from 'rollup';

export declare const silenceKnownWarnings: LogHandlerWithDefault;
