// Types of woff-to-sfnt.mjs for the TypeScript that imports it (its unit test).
export declare function woffToSfnt(woff: Buffer): Buffer;
