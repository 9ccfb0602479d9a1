import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { validateXML } from 'xmllint-wasm'
import { ROOT } from '../../emulator/github-runner.js'

/**
 * Checks a JUnit report with libxml2 (xmllint, as WebAssembly): a real XML
 * parser, against the schema of the shape every CI reader takes. Resolves
 * with the problems found; none for a valid report.
 */
export async function junitProblems(xml: string): Promise<string[]> {
  const schema = await readFile(join(ROOT, '__tests__/fixtures/junit.xsd'), 'utf8')
  const result = await validateXML({
    xml: [{ fileName: 'report.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: schema }]
  })
  return result.errors.map(error => error.rawMessage)
}

/** The test cases of a report as name, and failure type or skipped, read by a pattern good enough for our own output. */
export function junitCases(xml: string): { name: string; failure?: string; skipped?: boolean }[] {
  return [
    ...xml.matchAll(/<testcase name="([^"]*)"[^>]*?(\/>|>\s*<(failure|skipped)([^>]*)>)/g)
  ].map(m => ({
    name: m[1]!,
    ...(m[3] === 'failure' ? { failure: /type="([^"]*)"/.exec(m[4]!)?.[1] } : {}),
    ...(m[3] === 'skipped' ? { skipped: true } : {})
  }))
}
