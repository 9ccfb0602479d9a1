/**
 * The docs' GitLab pipelines against the components they include: each names
 * a component of templates/, gives only inputs its spec declares, and every
 * input the spec requires (GitLab refuses the pipeline otherwise). The first
 * pipeline also runs in gitlab-ci-local (e2e/gitlab), the CLI job in bash
 * (e2e/docs-cli).
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { parse, parseAllDocuments } from 'yaml'
import { ROOT } from '../../emulator/github-runner.js'
import { codeBlocks } from '../helpers/docs.js'

interface Spec {
  spec: { inputs: Record<string, { default?: unknown }> }
}

async function specOf(component: string): Promise<Spec['spec']['inputs']> {
  const [header] = parseAllDocuments(
    await readFile(join(ROOT, 'templates', `${component}.yml`), 'utf8')
  )
  return (header!.toJS() as Spec).spec.inputs
}

describe('docs/gitlab.md', () => {
  it('includes components that exist, with inputs their specs declare and require', async () => {
    const blocks = await codeBlocks('docs/gitlab.md', 'yaml')
    const includes = blocks.flatMap(block => {
      const pipeline = parse(block) as { include?: { component: string; inputs?: object }[] }
      return pipeline.include ?? []
    })
    expect(includes.length).toBeGreaterThanOrEqual(4)
    for (const { component, inputs = {} } of includes) {
      const name = /^\$CI_SERVER_FQDN\/OWNER\/mobile-build-deploy\/([\w-]+)@\d+\.\d+\.\d+$/.exec(
        component
      )?.[1]
      expect([component, name]).toEqual([component, expect.any(String)])
      const spec = await specOf(name!)
      for (const input of Object.keys(inputs))
        expect([name, input, input in spec]).toEqual([name, input, true])
      for (const [input, declared] of Object.entries(spec))
        if (!('default' in declared))
          expect([name, input, input in inputs]).toEqual([name, input, true])
    }
  })
})
