/** GitLab's CI schema (the ci.json gitlab-ci-local ships), compiled, and its problems with a document. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseExpressionAt, type Expression, type Node } from 'acorn'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { compiledValidators } from '../../../emulator/validators.js'
import { ROOT } from '../../../emulator/github-runner.js'

import { isMapping, type Mapping } from './values.js'

/** The `$id` of GitLab's CI schema (app/assets/javascripts/editor/schema/ci.json). */
export const GITLAB_CI_SCHEMA_ID = 'https://gitlab.com/.gitlab-ci.yml'

/**
 * GitLab's ci.json as gitlab-ci-local bundles it (its `fetch-schema` script
 * downloads GitLab's file; the bundle inlines it as an object literal, then
 * loosens a few patterns in statements of its own, which are not read here).
 * The literal is read with a JavaScript parser and turned into data; nothing
 * of the bundle runs.
 */
export function gitlabCiSchema(): Mapping {
  const bundle = readFileSync(join(ROOT, 'node_modules/gitlab-ci-local/dist/index.js'), 'utf8')
  const marker = `$id:${JSON.stringify(GITLAB_CI_SCHEMA_ID)}`
  const at = bundle.indexOf(marker)
  if (at === -1 || bundle.indexOf(marker, at + 1) !== -1)
    throw new Error(`gitlab-ci-local's bundle holds no single GitLab CI schema (${marker})`)
  const start = bundle.lastIndexOf('{', at)
  const schema = literalValue(parseExpressionAt(bundle, start, { ecmaVersion: 'latest' }))
  if (!isMapping(schema) || !isMapping(schema.definitions))
    throw new Error('the GitLab CI schema in the bundle is not a JSON schema')
  return schema
}

/** A JSON value written as a minified JavaScript literal; anything else is refused. */
export function literalValue(node: Node): unknown {
  const expression = node as Expression
  switch (expression.type) {
    case 'ObjectExpression': {
      const object: Mapping = {}
      for (const property of expression.properties) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init')
          throw new Error(`not a JSON literal at ${property.start}`)
        const key =
          property.key.type === 'Identifier'
            ? property.key.name
            : property.key.type === 'Literal' && typeof property.key.value === 'string'
              ? property.key.value
              : undefined
        if (key === undefined) throw new Error(`not a JSON key at ${property.start}`)
        object[key] = literalValue(property.value)
      }
      return object
    }
    case 'ArrayExpression':
      return expression.elements.map(element => {
        if (element === null || element.type === 'SpreadElement')
          throw new Error(`not a JSON array at ${expression.start}`)
        return literalValue(element)
      })
    case 'Literal':
      if ('regex' in expression || 'bigint' in expression)
        throw new Error(`not a JSON value at ${expression.start}`)
      return expression.value
    case 'TemplateLiteral':
      if (expression.expressions.length > 0)
        throw new Error(`not a JSON string at ${expression.start}`)
      return expression.quasis[0]!.value.cooked
    case 'UnaryExpression': {
      // A minifier writes true and false as !0 and !1, and a negative number with its sign.
      const argument = expression.argument
      if (argument.type === 'Literal' && typeof argument.value === 'number') {
        if (expression.operator === '!') return !argument.value
        if (expression.operator === '-') return -argument.value
      }
      throw new Error(`not a JSON value at ${expression.start}`)
    }
    default:
      throw new Error(`not a JSON value at ${expression.start} (${expression.type})`)
  }
}

/** The validators of GitLab's schema: a configuration, and a component's header (`spec:` alone). */
export interface GitLabSchema {
  /** The problems GitLab's schema finds in a configuration (a .gitlab-ci.yml, or an included file's jobs). */
  config(document: unknown): string[]
  /** The problems GitLab's schema finds in a component's header document. */
  header(document: unknown): string[]
}

export function gitlabSchema(): GitLabSchema {
  // Formats are not checked: the schema gives environment:url `format: uri` beside a pattern that admits
  // `$VARIABLE`, GitLab's documented dynamic URL; the pattern is the rule that decides. Compiled once
  // for every test file (emulator/validators.ts): the schema takes a second to compile.
  const { config, header } = compiledValidators(
    'gitlab-ci',
    {
      config: gitlabCiSchema(),
      // The header document carries `spec:` and nothing else (GitLab's Config::Header::Root).
      header: {
        type: 'object',
        required: ['spec'],
        additionalProperties: false,
        properties: { spec: { $ref: `${GITLAB_CI_SCHEMA_ID}#/properties/spec` } }
      }
    },
    { coerceTypes: false, validateFormats: false }
  )
  return { config: problemsOf(config!), header: problemsOf(header!) }
}

export function problemsOf(validate: ValidateFunction): (document: unknown) => string[] {
  return document =>
    validate(document)
      ? []
      : (validate.errors ?? []).map(
          (error: ErrorObject) =>
            `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`
        )
}

// ---------------------------------------------------------------------------------------------
// Components: the header's inputs, checked and interpolated
