/** See server-flags.mjs. */
export declare const SERVER_NODE_FLAGS: string[];
export declare const SMALL_SERVER_BYTES: number;
export declare function serverNodeFlags(memoryBytes?: number): string[];
