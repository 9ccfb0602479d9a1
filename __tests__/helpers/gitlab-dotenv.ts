/** GitLab refuses a dotenv report of this size or more (Ci::ParseDotenvArtifactService: `file.size < limit`). */
export const GITLAB_DOTENV_LIMIT = 5 * 1024

/**
 * GitLab's reading of a dotenv report (Ci::ParseDotenvArtifactService): a
 * file under 5 KB; each line `name=value`, split at the first `=`, both sides
 * stripped, quotes, `#`, backslashes and backticks kept as they are (no
 * quoting, no escapes, no comments); a name of letters, digits and
 * underscores. Its variables are not raw, so its runner then expands `$NAME`
 * (and `$$` to `$`) in a value. Any line it cannot read fails the whole file.
 */
export function gitlabDotenv(
  text: string,
  variables: Record<string, string> = {}
): Record<string, string> {
  if (Buffer.byteLength(text) >= GITLAB_DOTENV_LIMIT)
    throw new Error(`Dotenv Artifact Too Big: ${Buffer.byteLength(text)} bytes`)
  const result: Record<string, string> = {}
  for (const line of text.split('\n')) {
    if (line === '') continue
    const match = /^(.*?)=(.*)$/.exec(line)
    if (!match || !/^[a-zA-Z0-9_]+$/.test(match[1]!.trim()))
      throw new Error(`Invalid Format: ${line}`)
    result[match[1]!.trim()] = match[2]!
      .trim()
      .replace(/\$\$|\$\{?(\w+)\}?/g, (_all, name?: string) =>
        name ? (variables[name] ?? '') : '$'
      )
  }
  return result
}
