/**
 * What aapt2 itself read from a build, as recorded beside each fixture by
 * script/make-build-fixtures.sh: `aapt2 dump xmltree` (an element tree),
 * `aapt2 dump badging` (the package's facts) and `apksigner verify -v` (the
 * schemes it verified). The tests hold the reader to these readings.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { XmlElement } from '../../../../src/core/inspect/xml-tree.js'

export const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'builds')

export function fixture(...path: string[]): Buffer {
  return readFileSync(join(FIXTURES, ...path))
}

export interface DumpedAttribute {
  namespace: string
  name: string
  resourceId: number
  /** aapt2's rendering of the value, without its `(Raw: …)` suffix. */
  value: string
}

export interface DumpedElement {
  name: string
  attributes: DumpedAttribute[]
  children: DumpedElement[]
}

/** `aapt2 dump xmltree`: `E:` lines nest by indentation, `A:` lines belong to the element above. */
export function readXmlTree(dump: string): DumpedElement {
  const stack: { indent: number; element: DumpedElement }[] = []
  let root: DumpedElement | undefined
  for (const line of dump.split('\n')) {
    const indent = line.length - line.trimStart().length
    const text = line.trimStart()
    if (text.startsWith('E: ')) {
      const element = {
        name: text.slice(3).replace(/ \(line=\d+\)$/, ''),
        attributes: [],
        children: []
      }
      while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop()
      const parent = stack[stack.length - 1]
      if (parent) parent.element.children.push(element)
      else root = element
      stack.push({ indent, element })
    } else if (text.startsWith('A: ')) {
      const body = text.slice(3)
      const eq = body.indexOf('=')
      const left = /^(?:(.*):)?([^:()]+)(?:\((0x[0-9a-f]+)\))?$/.exec(body.slice(0, eq))!
      stack[stack.length - 1]!.element.attributes.push({
        namespace: left[1] ?? '',
        name: left[2]!,
        resourceId: left[3] ? Number(left[3]) : 0,
        value: body.slice(eq + 1).replace(/ \(Raw: .*\)$/, '')
      })
    }
  }
  return root!
}

/** The reader's tree in the dump's terms, values rendered as aapt2 renders the kinds a manifest uses. */
export function asDumped(element: XmlElement): DumpedElement {
  return {
    name: element.name,
    attributes: element.attributes.map(a => {
      const v = a.value
      let value: string
      if (v.kind === 'string') value = JSON.stringify(v.value)
      else if (v.kind === 'integer' || v.kind === 'boolean') value = String(v.value)
      else if (v.kind === 'reference') value = `@0x${v.id.toString(16).padStart(8, '0')}`
      else value = `(type 0x${v.type.toString(16)})`
      return { namespace: a.namespace, name: a.name, resourceId: a.resourceId, value }
    }),
    children: element.children.map(asDumped)
  }
}

/** The dump with values the reader keeps only as a typed `other` (dimensions, colours) replaced by their type. */
export function withOtherTypes(
  dumped: DumpedElement,
  types: Record<string, number>
): DumpedElement {
  return {
    name: dumped.name,
    attributes: dumped.attributes.map(a =>
      types[a.name] === undefined ? a : { ...a, value: `(type 0x${types[a.name]!.toString(16)})` }
    ),
    children: dumped.children.map(c => withOtherTypes(c, types))
  }
}

/** `aapt2 dump badging`: the package line, the SDK levels, native code and debuggability. */
export function readBadging(dump: string): {
  appId: string
  versionCode: string
  versionName: string
  minSdk: string
  targetSdk: string
  abis: string[]
  debuggable: boolean
} {
  const field = (name: string): string => new RegExp(`${name}='([^']*)'`).exec(dump)![1]!
  const nativeCode = /^native-code: (.*)$/m.exec(dump)?.[1] ?? ''
  return {
    appId: field('package: name'),
    versionCode: field('versionCode'),
    versionName: field('versionName'),
    minSdk: /^sdkVersion:'(\d+)'/m.exec(dump)![1]!,
    targetSdk: /^targetSdkVersion:'(\d+)'/m.exec(dump)![1]!,
    abis: [...nativeCode.matchAll(/'([^']+)'/g)].map(m => m[1]!).sort(),
    debuggable: /^application-debuggable$/m.test(dump)
  }
}

/** `apksigner verify -v`: the schemes it verified ("Verified using v2 scheme (…): true"). */
export function readVerifiedSchemes(dump: string): string[] {
  return [...dump.matchAll(/^Verified using (v\d) scheme .*: true$/gm)].map(m => m[1]!)
}
