/**
 * Pure: what a stock interactive zsh (a Mac's terminal, no
 * `interactivecomments`) does with a pasted shell block that another shell
 * would not: a `#` at the start of a word is no comment there, so it and
 * what follows become a command's words, or a command; an apostrophe in
 * such a "comment" opens a quote. A pasteable block has no `#` at a word's
 * start outside quotes.
 */
export function pasteProblems(block: string): string[] {
  const problems: string[] = []
  let quote: "'" | '"' | undefined
  let line = 1
  let wordStart = true
  for (let i = 0; i < block.length; i++) {
    const c = block[i]!
    if (c === '\n') line++
    if (quote) {
      if (c === quote) quote = undefined
      else if (c === '\\' && quote === '"') i++
      continue
    }
    if (c === '\\') {
      i++
      wordStart = false
      continue
    }
    if (c === "'" || c === '"') {
      quote = c
      wordStart = false
      continue
    }
    if (c === '#' && wordStart)
      problems.push(
        `line ${line}: ${JSON.stringify(block.split('\n')[line - 1])} has a # that zsh, pasted into, passes on as words`
      )
    wordStart = /[\s;|&()]/.test(c)
  }
  if (quote) problems.push(`an unclosed ${quote} quote`)
  return problems
}

/** The fence languages of a block a reader pastes into a shell. */
export const SHELL_LANGUAGES = ['sh', 'bash', 'shell', 'console', 'zsh'] as const
