/**
 * Pure: a small schema for JSON that crosses from one job to another through
 * a place anyone may write (a check run's summary): each value's type, enum
 * and length. One schema both fits a value before it is written (texts cut,
 * lists shortened, unknown fields dropped) and reads it back (anything over
 * a limit, of another type or outside an enum refuses the whole), so that
 * what is read is always at least what is written.
 */

export type Shape =
  | { kind: 'text'; max: number }
  | { kind: 'integer'; min?: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; of: readonly string[] }
  | { kind: 'object'; fields: Readonly<Record<string, Shape>> }
  | { kind: 'list'; of: Shape; max: number }

export const text = (max: number): Shape => ({ kind: 'text', max })
export const integer = (min = 0): Shape => ({ kind: 'integer', min })
export const boolean: Shape = { kind: 'boolean' }
export const oneOf = (of: readonly string[]): Shape => ({ kind: 'enum', of })
export const object = (fields: Record<string, Shape>): Shape => ({ kind: 'object', fields })
export const list = (of: Shape, max: number): Shape => ({ kind: 'list', of, max })

/** A value that does not have the schema's shape: which field, and why. */
export class ShapeError extends Error {
  override name = 'ShapeError'
}

/**
 * Pure: `value` read by `shape`; fields the schema does not name are left
 * out, absent ones stay absent; anything else throws a ShapeError naming the
 * field.
 */
export function readShape(shape: Shape, value: unknown, at = 'facts'): unknown {
  switch (shape.kind) {
    case 'text':
      if (typeof value !== 'string') throw new ShapeError(`${at} is not text`)
      if (value.length > shape.max)
        throw new ShapeError(`${at} is longer than ${shape.max} characters`)
      return value
    case 'integer':
      if (!Number.isSafeInteger(value) || (value as number) < (shape.min ?? 0))
        throw new ShapeError(`${at} is not a whole number`)
      return value
    case 'boolean':
      if (typeof value !== 'boolean') throw new ShapeError(`${at} is not true or false`)
      return value
    case 'enum':
      if (typeof value !== 'string' || !shape.of.includes(value))
        throw new ShapeError(`${at} is not one of ${shape.of.join(', ')}`)
      return value
    case 'list':
      if (!Array.isArray(value)) throw new ShapeError(`${at} is not a list`)
      if (value.length > shape.max) throw new ShapeError(`${at} has more than ${shape.max} items`)
      return value.map((item, i) => readShape(shape.of, item, `${at}[${i}]`))
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new ShapeError(`${at} is not an object`)
      const source = value as Record<string, unknown>
      const read: Record<string, unknown> = {}
      for (const [name, field] of Object.entries(shape.fields))
        if (Object.hasOwn(source, name) && source[name] !== undefined && source[name] !== null)
          read[name] = readShape(field, source[name], `${at}.${name}`)
      return read
    }
  }
}

/**
 * Pure: `value` made to fit `shape` before it is written: texts cut to their
 * limit (an ellipsis last), lists to theirs, fields the schema does not name
 * and values of another type left out. What it returns reads back by
 * {@link readShape} unchanged.
 */
export function fitShape(shape: Shape, value: unknown): unknown {
  switch (shape.kind) {
    case 'text':
      if (typeof value !== 'string') return undefined
      return value.length <= shape.max ? value : `${value.slice(0, shape.max - 1)}…`
    case 'integer':
      return Number.isSafeInteger(value) && (value as number) >= (shape.min ?? 0)
        ? value
        : undefined
    case 'boolean':
      return typeof value === 'boolean' ? value : undefined
    case 'enum':
      return typeof value === 'string' && shape.of.includes(value) ? value : undefined
    case 'list':
      return Array.isArray(value)
        ? value
            .slice(0, shape.max)
            .map(item => fitShape(shape.of, item))
            .filter(item => item !== undefined)
        : undefined
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
      const source = value as Record<string, unknown>
      const fitted: Record<string, unknown> = {}
      for (const [name, field] of Object.entries(shape.fields)) {
        const fit = fitShape(field, source[name])
        if (fit !== undefined) fitted[name] = fit
      }
      return fitted
    }
  }
}
