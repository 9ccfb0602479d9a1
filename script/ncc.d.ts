/** The part of @vercel/ncc's programmatic API that script/package.ts uses (the package ships no types). */
declare module '@vercel/ncc' {
  interface NccOptions {
    sourceMap?: boolean
    /** Default true: the bundle registers its source map at start. */
    sourceMapRegister?: boolean
    license?: string
    externals?: string[] | Record<string, string>
    quiet?: boolean
  }
  interface NccResult {
    code: string
    map?: string
    assets: Record<string, { source: string | Buffer; permissions?: number }>
  }
  export default function ncc(input: string, options?: NccOptions): Promise<NccResult>
}
