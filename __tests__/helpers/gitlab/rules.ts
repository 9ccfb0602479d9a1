/** `rules:if` expressions evaluated as GitLab's lexer, parser and statement do. */

export type Variables = Readonly<Record<string, string>>

export type Token =
  | { kind: 'variable'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'pattern'; regex: RegExp }
  | { kind: 'null' }
  | { kind: 'op'; op: '==' | '!=' | '=~' | '&&' | '||' | '(' | ')' }

export function tokenize(expression: string): Token[] {
  const tokens: Token[] = []
  const refuse = (why: string): never => {
    throw new Error(
      `rules:if "${expression}": ${why}; this evaluator refuses what it cannot decide`
    )
  }
  let rest = expression
  while ((rest = rest.replace(/^\s+/, '')) !== '') {
    let match: RegExpExecArray | null
    if ((match = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(rest)))
      tokens.push({ kind: 'variable', name: match[1]! })
    else if ((match = /^"([^"]*)"|^'([^']*)'/.exec(rest)))
      tokens.push({ kind: 'string', value: match[1] ?? match[2]! })
    else if ((match = /^\/((?:\\\/|[^/])+)\/([A-Za-z]*)/.exec(rest))) {
      if (tokens.at(-1)?.kind !== 'op' || (tokens.at(-1) as { op: string }).op !== '=~')
        refuse('a pattern stands only right of =~')
      if (match[2] !== '' && match[2] !== 'i') refuse(`the pattern flags "${match[2]}"`)
      tokens.push({ kind: 'pattern', regex: new RegExp(match[1]!.replace(/\\\//g, '/'), match[2]) })
    } else if ((match = /^null\b/.exec(rest))) tokens.push({ kind: 'null' })
    else if ((match = /^(==|!=|=~|&&|\|\||\(|\))/.exec(rest)))
      tokens.push({ kind: 'op', op: match[1] as '==' })
    else refuse(`"${rest}" is not an expression it knows (==, !=, =~ /re/, &&, ||, ( ), $VAR)`)
    rest = rest.slice(match![0].length)
  }
  if (tokens.length === 0) refuse('empty')
  return tokens
}

/** A value in GitLab's evaluation (Ruby): a variable's text or nil, or a comparison's boolean. */
export type Value = string | boolean | null

/** Ruby's truthiness: only nil and false are false (an empty string is true). */
export const truthy = (value: Value) => value !== null && value !== false

/**
 * Whether `rules: - if: EXPRESSION` holds for a pipeline's variables, as
 * GitLab's expression statement decides: `$VAR` is the variable's value (nil
 * when undefined), `==`/`!=` compare, `=~ /re/` matches, `&&`/`||` are
 * Ruby's (they yield an operand) with `&&` binding tighter, and the result
 * holds when it is present (a non-blank string, or true). Anything else
 * (`!~`, a pattern from a variable, `${VAR}`, flags other than i) is refused.
 */
export function evaluateIf(expression: string, variables: Variables): boolean {
  const tokens = tokenize(expression)
  let at = 0
  const peek = () => tokens[at]
  const isOp = (op: string) => {
    const token = peek()
    return token?.kind === 'op' && token.op === op
  }
  const fail = (why: string): never => {
    throw new Error(`rules:if "${expression}": ${why}`)
  }
  const primary = (): Value => {
    const token = tokens[at++]
    if (!token) return fail('ends where a value is expected')
    if (token.kind === 'variable') return variables[token.name] ?? null
    if (token.kind === 'string') return token.value
    if (token.kind === 'null') return null
    if (token.kind === 'op' && token.op === '(') {
      const value = or()
      if (!isOp(')')) fail('a parenthesis is not closed')
      at++
      return value
    }
    return fail(`a value is expected, not ${JSON.stringify(token)}`)
  }
  const comparison = (): Value => {
    const left = primary()
    for (const op of ['==', '!=', '=~'] as const) {
      if (!isOp(op)) continue
      at++
      if (op === '=~') {
        const token = tokens[at++]
        if (token?.kind !== 'pattern') return fail('=~ takes a /pattern/')
        return token.regex.test(typeof left === 'string' ? left : '')
      }
      const right = primary()
      return op === '==' ? left === right : left !== right
    }
    return left
  }
  const and = (): Value => {
    let value = comparison()
    while (isOp('&&')) {
      at++
      const right = comparison()
      value = truthy(value) ? right : value
    }
    return value
  }
  const or = (): Value => {
    let value = and()
    while (isOp('||')) {
      at++
      const right = and()
      value = truthy(value) ? value : right
    }
    return value
  }
  const result = or()
  if (at !== tokens.length) fail('has more after a complete expression')
  return typeof result === 'string' ? /\S/.test(result) : result === true
}

// ---------------------------------------------------------------------------------------------
// The pipeline GitLab creates
