/**
 * Writes the extract of GitHub's REST API description that the emulator
 * reads (emulator/github-openapi/description.json) from the installed
 * `@octokit/openapi`: every operation's method and path, and the schemas of
 * the operations the emulator answers. Run it after updating the package;
 * with --check it changes nothing and exits 1 when the extract is stale.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { format, resolveConfig } from 'prettier'
import { EXTRACT_PATH, extractDescription, packageDescription } from '../emulator/github-openapi.js'

const { description, version } = packageDescription()
const text = await format(JSON.stringify(extractDescription(description, version)), {
  ...(await resolveConfig(EXTRACT_PATH)),
  parser: 'json'
})
if (process.argv.includes('--check')) {
  const current = await readFile(EXTRACT_PATH, 'utf8').catch(() => '')
  if (current !== text) {
    console.error(
      `${EXTRACT_PATH} is not what @octokit/openapi ${version} says: run npx tsx script/github-openapi.ts`
    )
    process.exit(1)
  }
} else {
  await writeFile(EXTRACT_PATH, text)
  console.log(`${EXTRACT_PATH} written from @octokit/openapi ${version}.`)
}
