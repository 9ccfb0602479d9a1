/** A CI/CD component's inputs checked and interpolated as GitLab does it, and a pipeline's includes expanded. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { ROOT } from '../../../emulator/github-runner.js'

import { isMapping, type Mapping } from './values.js'

export type InputType = 'string' | 'number' | 'boolean' | 'array'
export interface InputSpec {
  type?: InputType
  default?: unknown
  description?: string
  options?: unknown[]
  regex?: string
}
export type Inputs = Readonly<Record<string, unknown>>

/** A component file: its header document (`spec:`) and its configuration, as GitLab parses them. */
export interface Component {
  header: Mapping
  inputs: Record<string, InputSpec | null>
  body: Mapping
}

/** Splits and parses a component file as GitLab does: YAML 1.1 (Psych), a header document, then the jobs. */
export function parseComponent(text: string, file: string): Component {
  const documents = parseAllDocuments(text, { version: '1.1' })
  if (!Array.isArray(documents) || documents.length !== 2)
    throw new Error(`${file}: a component is a header document, ---, and its configuration`)
  for (const document of documents)
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`)
  const [header, body] = documents.map(document => document.toJS({ maxAliasCount: 100 }))
  if (!isMapping(header) || !isMapping(header.spec) || !isMapping(body))
    throw new Error(`${file}: the header is not a spec, or the configuration not a mapping`)
  const inputs = header.spec.inputs ?? {}
  if (!isMapping(inputs)) throw new Error(`${file}: spec:inputs is not a mapping`)
  return { header, inputs: inputs as Component['inputs'], body }
}

export const TYPE_CHECKS: Record<InputType, (value: unknown) => boolean> = {
  string: value => typeof value === 'string',
  number: value => typeof value === 'number' && Number.isFinite(value),
  boolean: value => typeof value === 'boolean',
  array: value => Array.isArray(value)
}

/**
 * The inputs' values as GitLab settles them: an unknown input is refused, an
 * input without a default is required, and the default and the given value
 * must each be of the input's type, among its options and (strings) match its
 * regex. Throws GitLab's complaints, all of them, in one error.
 */
export function resolveInputs(
  specs: Component['inputs'],
  given: Inputs,
  file = 'the component'
): Record<string, unknown> {
  const errors: string[] = []
  const unknown = Object.keys(given).filter(name => !(name in specs))
  if (unknown.length > 0) errors.push(`unknown input arguments: ${unknown.join(', ')}`)
  const values: Record<string, unknown> = {}
  for (const [name, spec] of Object.entries(specs)) {
    const type = spec?.type ?? 'string'
    const check = TYPE_CHECKS[type]
    if (!check) {
      errors.push(`\`${name}\` input: unknown type ${String(type)}`)
      continue
    }
    const required = !spec || !('default' in spec)
    const provided = given[name] ?? undefined
    const validate = (value: unknown, what: string) => {
      if (!check(value)) {
        errors.push(`\`${name}\` input: ${what} is not a ${type}`)
        return
      }
      if (spec?.options && !spec.options.includes(value))
        errors.push(`\`${name}\` input: ${what} is not one of its options`)
      if (spec?.regex !== undefined) {
        if (type !== 'string') errors.push(`\`${name}\` input: a regex applies to strings only`)
        else if (!new RegExp(spec.regex).test(value as string))
          errors.push(`\`${name}\` input: ${what} does not match ${spec.regex}`)
      }
    }
    if (required && provided === undefined) {
      errors.push(`\`${name}\` input: required value has not been provided`)
      continue
    }
    if (!required) validate(spec.default, 'the default value')
    if (provided !== undefined) validate(provided, 'the provided value')
    values[name] = provided ?? spec?.default
  }
  if (errors.length > 0) throw new Error(`${file}: ${errors.join('; ')}`)
  return values
}

/** GitLab's interpolation block: `$[[ access ]]`. */
export const BLOCK = /\$\[\[\s*(.*?)\s*\]\]/g

/**
 * Interpolates `$[[ inputs.x ]]` in a parsed configuration as GitLab does: in
 * every key and every string value, never in the text. A string that is one
 * whole block becomes the input's value with its type (a boolean stays a
 * boolean); a block inside a longer string is replaced by the value's text.
 * Refuses what GitLab would refuse (an unknown input, an array inside a
 * string) and what it is not written for (functions, other contexts).
 */
export function interpolate(node: unknown, inputs: Inputs): unknown {
  if (typeof node === 'string') return interpolateString(node, inputs)
  if (Array.isArray(node)) return node.map(item => interpolate(item, inputs))
  if (isMapping(node)) {
    const result: Mapping = {}
    for (const [key, value] of Object.entries(node)) {
      const newKey = substitute(key, inputs)
      if (newKey in result) throw new Error(`interpolation makes two keys ${newKey}`)
      result[newKey] = interpolate(value, inputs)
    }
    return result
  }
  return node
}

export function interpolateString(text: string, inputs: Inputs): unknown {
  const blocks = [...text.matchAll(BLOCK)]
  if (blocks.length === 1 && blocks[0]![0] === text) return inputValue(blocks[0]![1]!, inputs)
  return substitute(text, inputs)
}

export function substitute(text: string, inputs: Inputs): string {
  return text.replace(BLOCK, (_block, access: string) => {
    const value = inputValue(access, inputs)
    if (typeof value === 'object' && value !== null)
      throw new Error(`$[[ ${access} ]] is not text and sits inside a string`)
    return String(value)
  })
}

export function inputValue(access: string, inputs: Inputs): unknown {
  const name = /^inputs\.([\w-]+)$/.exec(access)?.[1]
  if (name === undefined)
    throw new Error(`$[[ ${access} ]]: only $[[ inputs.NAME ]] is interpolated here`)
  if (!(name in inputs)) throw new Error(`unknown interpolation key: ${name}`)
  return inputs[name]
}

// ---------------------------------------------------------------------------------------------
// Includes

/** Reads a file of the project by its path from the project's root. */
export type ProjectReader = (path: string) => string

/** This project's files, as GitLab reads an `include: local` of this repository. */
export const readProject: ProjectReader = path => readFileSync(join(ROOT, path), 'utf8')

/**
 * The configuration GitLab builds from a .gitlab-ci.yml and its `include: local`
 * entries (a component included from this project): each included file's
 * inputs checked and interpolated, its jobs merged under the including
 * file's own keys (which win). Other kinds of include are refused.
 */
export function expandIncludes(pipeline: Mapping, read: ProjectReader): Mapping {
  const { include, ...own } = pipeline
  const entries = include === undefined ? [] : Array.isArray(include) ? include : [include]
  const parts: Mapping[] = entries.map(entry => {
    if (!isMapping(entry) || typeof entry.local !== 'string')
      throw new Error(`only include: local is expanded here, not ${JSON.stringify(entry)}`)
    const extra = Object.keys(entry).filter(key => key !== 'local' && key !== 'inputs')
    if (extra.length > 0) throw new Error(`include: local with ${extra.join(', ')} is not expanded`)
    const component = parseComponent(read(entry.local), entry.local)
    const inputs = resolveInputs(component.inputs, (entry.inputs as Inputs) ?? {}, entry.local)
    return interpolate(component.body, inputs) as Mapping
  })
  return [...parts, own].reduce<Mapping>(deepMerge, {})
}

/** GitLab's merge of included configuration: mappings merge key by key, anything else is replaced. */
export function deepMerge(base: Mapping, over: Mapping): Mapping {
  const result: Mapping = { ...base }
  for (const [key, value] of Object.entries(over))
    result[key] = isMapping(value) && isMapping(base[key]) ? deepMerge(base[key], value) : value
  return result
}

// ---------------------------------------------------------------------------------------------
// rules:if
