/**
 * A hostile value of each kind of the option table, and the words of the
 * fix its refusal names: every option of every front end gets its case from
 * its kind alone (run/hostile-input.test.ts: the action's inputs;
 * run/hostile-options.test.ts: the CLI's flags and the library's options).
 */
import type { Kind } from '../../src/core/shared/option-table.js'

/** A workflow command, were it to reach the start of a line. */
export const INJECTED = '::set-output name=injected::1'

/**
 * Every input's hostile value by its kind in the option table, and the fix
 * its refusal names: a new option or notification field gets its cases from
 * its table entry alone. Values are read and checked before the mode is
 * decided, so each refusal comes whatever else the step is given.
 */
export const BY_KIND: Record<Kind, { value: string; fix: string } | undefined> = {
  secret: { value: 'abc\ndef', fix: 'without line breaks' },
  secretUrl: { value: 'https://hooks.example.com/a\nb', fix: 'without line breaks' },
  baseUrl: { value: 'service.example.com', fix: 'e.g. https://' },
  text: { value: `x\n${INJECTED}`, fix: 'single-line' },
  // A right-to-left override: the name would read as another one.
  displayName: { value: `Mobile tests\u202e${INJECTED}`, fix: 'without invisible or direction' },
  // A line separates two builds: the second is a path that matches nothing, quoted.
  globs: { value: `app.apk\n${INJECTED}`, fix: 'matched no file' },
  namePartEach: { value: `app\n${INJECTED}`, fix: 'single-line' },
  destinationEach: { value: `a.apk\n${INJECTED}`, fix: 'single-line' },
  relativePath: { value: `a.apk\n${INJECTED}`, fix: 'single-line' },
  variables: { value: '{"A": ', fix: 'Give a JSON object' },
  variableName: { value: `BUILD\n${INJECTED}`, fix: 'single-line' },
  boolean: { value: 'ture', fix: 'Use true or false' },
  integer: { value: 'lots', fix: 'whole number' },
  number: { value: 'lots', fix: 'not a number' },
  sha: { value: `abcdef1\n${INJECTED}`, fix: 'single-line' },
  url: { value: `https://x.example.com\n${INJECTED}`, fix: 'single-line' },
  // A line separates two runs (a deploy's runIds): what follows is refused as no run id.
  runIds: { value: `run_1\n${INJECTED}`, fix: 'not a run id' },
  // The library's alone (an object of owner and name): no input takes it.
  repository: undefined,
  path: { value: `report.xml\n${INJECTED}`, fix: 'single-line' },
  appIds: { value: `com.example.app\n${INJECTED}`, fix: 'single-line' },
  platform: { value: '::warning::x', fix: 'Use android or ios' },
  // A line separates two ABIs: the second is refused as none.
  abis: { value: `arm64-v8a\n${INJECTED}`, fix: 'is not an Android ABI' },
  target: { value: '::warning::x', fix: 'Use device or simulator' }
}
