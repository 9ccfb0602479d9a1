/**
 * A value no code may write, however deep: arrays and objects read-only all
 * the way down, functions as they are. The settings a step reads and the
 * facts its reporters render are of it: a write does not compile.
 */
export type Frozen<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer U)[]
    ? readonly Frozen<U>[]
    : T extends object
      ? { readonly [K in keyof T]: Frozen<T[K]> }
      : T
