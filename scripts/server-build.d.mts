/** Where the built server lives (apps/server/dist). */
export declare const serverDist: string;
/** Whether a source of the server (or of the workspace packages it imports) is newer than the build. */
export declare function serverBuildIsStale(): boolean;
/** Builds the server into serverDist; answers how long it took in ms. */
export declare function buildServer(): Promise<number>;
