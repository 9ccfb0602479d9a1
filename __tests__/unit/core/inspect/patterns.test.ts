/**
 * No pattern a stranger can make slow: every regular expression in
 * src/core/inspect (the code that reads a build's text) is a literal, and
 * none repeats a part that itself repeats (`(a+)+`, `(?:x*y)*`), the shape
 * that backtracks exponentially. Adjacent quantifiers that can trade
 * characters (`\d+\.?\d*`) are refused by the lint (eslint-plugin-regexp's
 * no-super-linear-backtracking, in eslint.config.js).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { RegExpParser, visitRegExpAST } from '@eslint-community/regexpp'
import type { Node as RegExpNode } from '@eslint-community/regexpp/ast'
import ts from 'typescript'

const INSPECT = join(import.meta.dirname, '../../../../src/core/inspect')

/** Whether a part of a pattern repeats more than once (`*`, `+`, `{2,}`), `?` aside. */
const repeats = (node: RegExpNode): boolean => node.type === 'Quantifier' && node.max > 1

/** The nested repetitions of a pattern: a repeated part that holds a repeated part, as written. */
export function nestedQuantifiers(source: string, flags = ''): string[] {
  const ast = new RegExpParser().parseLiteral(`/${source}/${flags}`)
  const found: string[] = []
  visitRegExpAST(ast, {
    onQuantifierEnter(outer) {
      if (!repeats(outer)) return
      visitRegExpAST(outer.element as never, {
        onQuantifierEnter(inner) {
          if (repeats(inner)) found.push(outer.raw)
        }
      })
    }
  })
  return [...new Set(found)]
}

interface Found {
  file: string
  line: number
  text: string
}

/** Every regular expression literal in a file, and every `RegExp(…)` made at run time. */
function patternsIn(file: string): { literals: Found[]; made: Found[] } {
  const text = readFileSync(join(INSPECT, file), 'utf8')
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const literals: Found[] = []
  const made: Found[] = []
  const at = (node: ts.Node): Found => ({
    file,
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    text: node.getText()
  })
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) literals.push(at(node))
    if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    )
      made.push(at(node))
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { literals, made }
}

const files = readdirSync(INSPECT).filter(name => name.endsWith('.ts'))
const all = files.map(patternsIn)

describe('the patterns that read a build', () => {
  it('finds the readers’ patterns (the scan reads what it checks)', () => {
    expect(files).toEqual(expect.arrayContaining(['plist-xml.ts', 'content.ts', 'survey.ts']))
    expect(all.flatMap(f => f.literals).length).toBeGreaterThan(20)
  })

  it('tells a nested repetition from a plain one', () => {
    expect(nestedQuantifiers('(a+)+$')).toEqual(['(a+)+'])
    expect(nestedQuantifiers('^(?:x*y)*z', 'i')).toEqual(['(?:x*y)*'])
    expect(nestedQuantifiers('^(<!--[\\s\\S]*?-->\\s*)*<html')).toHaveLength(1)
    expect(nestedQuantifiers('^[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[+-]?\\d+)?$')).toEqual([])
    expect(nestedQuantifiers('^(?:ab){2}c+$')).toEqual([])
  })

  it('are literals: none is made at run time from other text', () => {
    expect(all.flatMap(f => f.made)).toEqual([])
  })

  it('repeat no part that itself repeats', () => {
    const nested = all
      .flatMap(f => f.literals)
      .flatMap(found => {
        const end = found.text.lastIndexOf('/')
        const parts = nestedQuantifiers(found.text.slice(1, end), found.text.slice(end + 1))
        return parts.map(part => `${found.file}:${found.line} ${found.text} repeats ${part}`)
      })
    expect(nested).toEqual([])
  })
})
