// Types for the build step's module, so the server tests can run it on a folder of their own.
export declare const MIN_BYTES: number;
export declare function precompressDir(dir: string): { file: string; bytes: number; br: number | null; gz: number | null }[];
