import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ROOT } from '../../emulator/github-runner.js'
import { xmllint } from './xmllint.js'

/**
 * The schemas a JUnit report must satisfy: the project's own (the shape every
 * reader takes, stricter than each), and the readers' published ones (see
 * __tests__/fixtures/junit-schemas/README.md).
 */
export const JUNIT_SCHEMAS = [
  '__tests__/fixtures/junit.xsd',
  '__tests__/fixtures/junit-schemas/windyroad-JUnit.xsd',
  '__tests__/fixtures/junit-schemas/jenkins-xunit-junit-10.xsd'
]

/**
 * Checks a JUnit report with libxml2 (xmllint, as WebAssembly): a real XML
 * parser, against every schema above. Resolves with the problems found, each
 * prefixed by its schema's file name; none for a valid report.
 */
export async function junitProblems(xml: string): Promise<string[]> {
  return (await junitProblemsOfEach([xml]))[0]!
}

/**
 * The problems of several reports, each report's own, in one run of xmllint
 * per schema, with the arguments xmllint-wasm's `validateXML` gives it.
 */
export async function junitProblemsOfEach(xmls: string[]): Promise<string[][]> {
  const problems = xmls.map((): string[] => [])
  const files = xmls.map((contents, i) => ({ fileName: `report-${i}.xml`, contents }))
  await Promise.all(
    JUNIT_SCHEMAS.map(async path => {
      const schema = await readFile(join(ROOT, path), 'utf8')
      const name = path.slice(path.lastIndexOf('/') + 1)
      const ran = await xmllint(
        [...files, { fileName: name, contents: schema }],
        ['--schema', name, '--noout', ...files.map(file => file.fileName)]
      )
      // 0: every report valid; 3 and 4: one is not; anything else: xmllint itself failed.
      if (![0, 3, 4].includes(ran.exitCode))
        throw new Error(`xmllint with ${name} failed (${ran.exitCode}): ${ran.stderr}`)
      for (const line of ran.stderr.split('\n')) {
        if (!line || / validates$/.test(line)) continue
        const index = files.findIndex(
          file =>
            line.startsWith(`${file.fileName}:`) || line === `${file.fileName} fails to validate`
        )
        // A problem no report's name is on (the schema's own) counts against every report.
        for (const i of index < 0 ? problems.keys() : [index]) problems[i]!.push(`${name}: ${line}`)
      }
    })
  )
  return problems
}

/** The XML attribute references a report writes, read back. */
function unescaped(value: string): string {
  return value.replace(/&(#\d+|amp|lt|gt|quot|apos);/g, (_all, ref: string) =>
    ref.startsWith('#')
      ? String.fromCodePoint(Number(ref.slice(1)))
      : { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[ref]!
  )
}

/** The test cases of a report as name, and failure type or skipped, read by a pattern good enough for our own output. */
export function junitCases(xml: string): { name: string; failure?: string; skipped?: boolean }[] {
  return testCases(xml).map(({ name, failure, skipped }) => ({
    name,
    ...(failure !== undefined ? { failure } : {}),
    ...(skipped ? { skipped } : {})
  }))
}

/** Every case's key as GitLab keeps a test's history: suite, class and case name. */
export function junitKeys(xml: string): string[] {
  const suite = junitSuite(xml).name
  return testCases(xml).map(c => `${suite} / ${c.classname} / ${c.name}`)
}

function testCases(
  xml: string
): { name: string; classname: string; failure?: string; skipped?: boolean }[] {
  return [
    ...xml.matchAll(
      /<testcase name="([^"]*)" classname="([^"]*)"[^>]*?(\/>|>\s*<(failure|skipped)([^>]*)>)/g
    )
  ].map(m => ({
    name: unescaped(m[1]!),
    classname: unescaped(m[2]!),
    ...(m[4] === 'failure' ? { failure: /type="([^"]*)"/.exec(m[5]!)?.[1] } : {}),
    ...(m[4] === 'skipped' ? { skipped: true } : {})
  }))
}

/** The suite's name and its failures count, as a reader takes them. */
export function junitSuite(
  xml: string,
  index = 0
): { name: string; tests: number; failures: number } {
  const suite = [...xml.matchAll(/<testsuite [^>]*>/g)][index]?.[0] ?? ''
  const attribute = (name: string) =>
    unescaped(new RegExp(` ${name}="([^"]*)"`).exec(suite)?.[1] ?? '')
  return {
    name: attribute('name'),
    tests: Number(attribute('tests')),
    failures: Number(attribute('failures'))
  }
}

/** The report's properties by name, read by a pattern good enough for our own output. */
export function junitProperties(xml: string): Record<string, string> {
  return Object.fromEntries(
    [...xml.matchAll(/<property name="([^"]*)" value="([^"]*)"\/>/g)].map(m => [
      unescaped(m[1]!),
      unescaped(m[2]!)
    ])
  )
}
