// The types of shared.mjs, which jest.config.js loads as it is.
export declare const TEST_TIMEOUT_MS: number
export declare const ALIASES: readonly { specifier: string; from?: string; file: string }[]
export declare const SWC_OPTIONS: object
