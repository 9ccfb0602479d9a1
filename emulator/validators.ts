/**
 * JSON Schema validators compiled once: ajv's standalone code for a set of
 * schemas, written where a tool keeps its cache (node_modules/.cache), named
 * by the hash of the schemas, the options and ajv's version. A process (a
 * test file) that needs them reads that code and never loads ajv's compiler;
 * the first compiles and writes it. Where the cache cannot be written, the
 * code is used as compiled.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { ValidateFunction } from 'ajv'
import { cacheEntry, placeEntry } from './tool-cache.js'

const require = createRequire(import.meta.url)

/** ajv's options: every error, unknown keywords (OpenAPI's) let be; `coerceTypes` for values read from text. */
export interface ValidatorOptions {
  coerceTypes: boolean
  /** false: `format` is not checked (the schema's patterns decide). */
  validateFormats?: boolean
  /** The formats, each a pattern, instead of ajv-formats' full set. */
  formats?: Readonly<Record<string, RegExp>>
  /** Schemas the others `$ref`, each under the key (a URL) the references name. */
  references?: Readonly<Record<string, object>>
}

/** A validator for each schema of `schemas`, by the same name. */
export function compiledValidators(
  name: string,
  schemas: Readonly<Record<string, object>>,
  options: ValidatorOptions
): Record<string, ValidateFunction> {
  const names = Object.keys(schemas)
  const ajvVersion = (require('ajv/package.json') as { version: string }).version
  const key = createHash('sha256')
    .update(
      JSON.stringify([ajvVersion, options, String(Object.values(options.formats ?? {})), schemas])
    )
    .digest('hex')
    .slice(0, 16)
  const found = evaluated(cacheEntry(name, key, '.cjs'))
  const byName = (loaded: Record<string, ValidateFunction>) =>
    Object.fromEntries(names.map((each, i) => [each, loaded[`v${i}`]!]))
  if (found) return byName(found)
  const ajv = newAjv(options, names, schemas)
  const code = standalone(ajv, names)
  try {
    placeEntry(name, key, '.cjs', partial => writeFileSync(partial, code))
  } catch {
    // A cache that cannot be written: the validators are evaluated from memory, made again next time.
  }
  return byName(evaluate(code))
}

/** The validators of the module at `file`, or undefined when there is none. */
function evaluated(file: string): Record<string, ValidateFunction> | undefined {
  let code: string
  try {
    code = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  return evaluate(code)
}

/**
 * Runs ajv's standalone code (a CommonJS module) here: evaluated rather than
 * required, because a test runner's require keeps its own registry and
 * remembers a module it did not find, and the code is ours, written by ajv.
 */
function evaluate(code: string): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> }
  new Function('require', 'module', 'exports', code)(require, module, module.exports)
  return module.exports
}

/** An ajv holding `schemas` as v0, v1, … (and the references under their keys), with its formats, its code kept for standalone. */
function newAjv(
  options: ValidatorOptions,
  names: readonly string[],
  schemas: Readonly<Record<string, object>>
) {
  // Loaded here only: a process that finds its validators cached never loads the compiler.
  const { Ajv, _ } = require('ajv') as typeof import('ajv')
  const own = Object.entries(options.formats ?? {})
  // The standalone code builds the formats it checks: the patterns given, else ajv-formats' own.
  const formats = options.formats
    ? own.reduce(
        (code, [name, pattern], i) =>
          _`${code}${i > 0 ? _`, ` : _``}${name}: new RegExp(${pattern.source}, ${pattern.flags})`,
        _``
      )
    : undefined
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    coerceTypes: options.coerceTypes,
    validateFormats: options.validateFormats ?? true,
    ...(options.formats ? { formats: options.formats } : {}),
    code: {
      source: true,
      formats: formats ? _`{${formats}}` : _`require("ajv-formats/dist/formats").fullFormats`
    }
  })
  if (!options.formats) (require('ajv-formats') as (ajv: InstanceType<typeof Ajv>) => void)(ajv)
  for (const [key, schema] of Object.entries(options.references ?? {})) ajv.addSchema(schema, key)
  names.forEach((each, i) => ajv.addSchema(schemas[each]!, `v${i}`))
  return ajv
}

function standalone(ajv: ReturnType<typeof newAjv>, names: readonly string[]): string {
  const standaloneCode = (
    require('ajv/dist/standalone/index.js') as {
      default: (ajv: unknown, refs: Record<string, string>) => string
    }
  ).default
  return standaloneCode(ajv, Object.fromEntries(names.map((_name, i) => [`v${i}`, `v${i}`])))
}
