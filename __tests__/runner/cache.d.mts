/** The types of cache.mjs, for its tests. */
export declare const KEEP_MS: number
export declare function used(path: string): Promise<string | undefined>
export declare function pruneCache(dir?: string, now?: number): Promise<void>
