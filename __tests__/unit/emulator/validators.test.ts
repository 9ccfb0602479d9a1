/**
 * Validators compiled once: ajv's standalone code, kept in the tool cache
 * and read back, judges as ajv compiling in memory does
 * (formats, coercion, references to components, every error), and a second
 * call reads the module written by the first.
 */
import { readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from '@jest/globals'
import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'
import { compiledValidators } from '../../../emulator/validators.js'
import { TOOL_CACHE } from '../../../emulator/tool-cache.js'

const SCHEMAS = {
  body: {
    type: 'object',
    required: ['name'],
    properties: {
      name: { type: 'string', maxLength: 5 },
      at: { type: 'string', format: 'date-time' },
      status: { $ref: '#/components/schemas/status' }
    },
    components: { schemas: { status: { enum: ['queued', 'completed'] } } }
  },
  page: { type: 'object', properties: { value: { type: 'integer', minimum: 1 } } }
}
const VALUES = [
  { name: 'a' },
  { name: 'abcdef' },
  { name: 'a', at: '2026-01-01T00:00:00Z', status: 'queued' },
  { name: 'a', at: 'yesterday', status: 'done' },
  {},
  { value: '3' },
  { value: '0' },
  { value: 'x' }
]

describe('validators compiled once', () => {
  it('judge as ajv compiling in memory does, and load the cached module the second time', () => {
    for (const coerceTypes of [false, true]) {
      // A name of this run's own: the first call writes, the second finds what it wrote.
      const name = `test-${randomUUID()}`
      const cached = compiledValidators(name, SCHEMAS, { coerceTypes })
      const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes })
      ;(addFormatsModule as unknown as (ajv: Ajv) => void)(ajv)
      for (const [id, schema] of Object.entries(SCHEMAS)) {
        const inMemory = ajv.compile(schema)
        for (const value of VALUES) {
          const [a, b] = [structuredClone(value), structuredClone(value)]
          expect([cached[id]!(a), a, cached[id]!.errors]).toEqual([inMemory(b), b, inMemory.errors])
        }
      }
      const files = readdirSync(TOOL_CACHE).filter(file => file.startsWith(name))
      expect(files).toHaveLength(1)
      const file = join(TOOL_CACHE, files[0]!)
      const written = statSync(file).mtimeMs
      compiledValidators(name, SCHEMAS, { coerceTypes })
      expect(statSync(file).mtimeMs).toBe(written)
      rmSync(file)
    }
  })
  it('check the formats given and the references registered, written and read back alike', () => {
    const name = `test-${randomUUID()}`
    const options = {
      coerceTypes: false,
      formats: { uri: /^https:\/\/\S+$/ },
      references: { 'https://example.com/part.json': { type: 'string', format: 'uri' } }
    }
    const schemas = { link: { $ref: 'https://example.com/part.json' } }
    for (let pass = 0; pass < 2; pass++) {
      const { link } = compiledValidators(name, schemas, options)
      expect([link!('https://ok'), link!('http://no'), link!(3)]).toEqual([true, false, false])
    }
    for (const file of readdirSync(TOOL_CACHE).filter(each => each.startsWith(name)))
      rmSync(join(TOOL_CACHE, file))
  })
})
