/**
 * Where the project's home (home.ts) is referred to in its files: each
 * reference's context, its value's shape, and the files it is looked for
 * in, so that a release names the maintainer's home everywhere at once.
 */

/** A field of the home (home.ts's Home). */
type HomeField = 'github' | 'gitlab' | 'npm' | 'orb' | 'bitrise'

const REPO = String.raw`[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+`
const NPM = String.raw`(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*`
const VERSION = String.raw`\d+\.\d+\.\d+`

/**
 * Where a value of the home is referred to: the text before it, the value's
 * shape, the text after it. Each context is one only this project's own
 * references have (a third party's GitHub URL or action keeps its own).
 */
export interface Rule {
  field: HomeField | 'version'
  pattern: RegExp
  /** Only in these files (a path's start), when the context alone is not enough. */
  files?: string[]
}

function rule(
  field: Rule['field'],
  before: string,
  value: string,
  after: string,
  files?: string[]
): Rule {
  return {
    field,
    pattern: new RegExp(`(${before})(${value})(${after})`, 'gm'),
    ...(files ? { files } : {})
  }
}

export const RULES: Rule[] = [
  // The repository's pages: releases, issues, sources, workflows, the clone URL.
  rule(
    'github',
    String.raw`https://github\.com/`,
    REPO,
    String.raw`/releases|/issues|/tree/|/actions/workflows/|#readme|\.git\b`
  ),
  // Its home page, where a manifest names it.
  rule('github', String.raw`^\s*(?:website|home_url|repository): https://github\.com/`, REPO, '$'),
  // The action, at its major tag (a third party's action in an example is never `actions/`-free at @v1 of ours).
  rule('github', 'uses: ', String.raw`(?!actions/)${REPO}`, String.raw`@v\d+\b`),
  // The release's tarball and the orb's sources, at the release's version.
  rule('version', String.raw`/releases/download/v`, VERSION, String.raw`/mobile-build-deploy-`),
  rule(
    'version',
    String.raw`/releases/download/v${VERSION}/mobile-build-deploy-`,
    VERSION,
    String.raw`\.tgz`
  ),
  rule('version', String.raw`https://github\.com/${REPO}/tree/v`, VERSION, '/orb'),
  // The tarball a copy carries (npm run copy), by its path in the app's repository.
  rule('version', '/mobile-build-deploy/mobile-build-deploy-', VERSION, String.raw`\.tgz`),
  // GitLab's components: `$CI_SERVER_FQDN/<project>/<component>@<version>`.
  rule(
    'gitlab',
    String.raw`\$CI_SERVER_FQDN/`,
    String.raw`[A-Za-z0-9._-]+(?:/[A-Za-z0-9._-]+)+?`,
    String.raw`/(?:deploy|preview|wait|terminate|collect|skip)@`
  ),
  // The orb, as a config imports it.
  rule('orb', 'mobile-build-deploy: ', '[a-z0-9-]+', '/mobile-build-deploy@'),
  // The package, as code imports it and npm names it.
  rule('npm', String.raw`\bfrom '|\brequire\('|\bimport\('`, NPM, `'`, ['README.md', 'docs/']),
  rule('npm', '^  "name": "', NPM, '",$', ['package.json']),
  // The orb's creation in its namespace.
  rule('orb', 'circleci orb create ', '[a-z0-9-]+', '/mobile-build-deploy\\b'),
  // The StepLib's share command.
  rule('bitrise', '--stepid ', '[a-z0-9-]+', String.raw`\b`, ['docs/'])
]
