// Types of chromium.mjs for the TypeScript that imports it (the browser journeys, their unit test).
export declare const SYSTEM_CHROMIUM: string;
export declare const PACKAGED: 'packaged';

export type ChromiumChoice =
  | { source: 'packaged' }
  | { source: 'CHROMIUM_PATH' | 'system'; executablePath: string };

export type ResolvedChromium = {
  source: 'packaged' | 'CHROMIUM_PATH' | 'system';
  executablePath: string;
  /** Flags this browser needs, to add to the caller's own. */
  args: string[];
  /** Variables to add to the browser's environment. */
  env: Record<string, string>;
};

export declare function chooseChromium(env?: NodeJS.ProcessEnv, systemPath?: string): ChromiumChoice;

export declare function resolveChromium(env?: NodeJS.ProcessEnv, systemPath?: string): Promise<ResolvedChromium>;
