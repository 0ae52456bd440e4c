/** See server-flags.mjs. */
export declare const SERVER_NODE_FLAGS: string[];
