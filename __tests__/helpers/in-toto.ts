/**
 * The in-toto attestation framework's own definitions of what this product
 * writes, as checks: the Statement v1 (in-toto/attestation spec/v1/statement.md
 * and its Python binding's `validate`: the type, one subject at least, each a
 * ResourceDescriptor with a digest, a predicate type and a predicate), the
 * ResourceDescriptor (spec/v1/resource_descriptor.md: it "MUST specify one
 * of `uri`, `digest` or `content`", stricter than the Python binding, which
 * takes a name alone; `content` base64), the DigestSet (spec/v1/digest_set.md: lowercase hex for
 * the standard algorithms) and the test-result predicate v0.1
 * (spec/predicates/test-result.md, protos/.../test_result.proto: `result`
 * PASSED, WARNED or FAILED, `configuration` a list of ResourceDescriptors,
 * `url`, three lists of test names), read as protobuf's JSON mapping reads
 * them (camelCase names, no field it does not know). And GitHub's
 * `actions/attest`, as its src/subject.ts reads a checksums file and its
 * attest builds the statement: what the signed statement will be.
 */
export const STATEMENT_V1 = 'https://in-toto.io/Statement/v1'
export const TEST_RESULT_V01 = 'https://in-toto.io/attestation/test-result/v0.1'

const DESCRIPTOR_FIELDS = [
  'name',
  'uri',
  'digest',
  'content',
  'downloadLocation',
  'mediaType',
  'annotations'
]
const TEST_RESULT_FIELDS = [
  'result',
  'configuration',
  'url',
  'passedTests',
  'warnedTests',
  'failedTests'
]
const HEX_LENGTHS: Record<string, number> = {
  sha256: 64,
  sha224: 56,
  sha384: 96,
  sha512: 128,
  sha1: 40,
  md5: 32
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Every way `statement` breaks in-toto's definitions; empty when it is a valid test-result statement. */
export function inTotoProblems(statement: unknown): string[] {
  const problems: string[] = []
  if (!isObject(statement)) return ['a statement is a JSON object']
  for (const key of Object.keys(statement))
    if (!['_type', 'subject', 'predicateType', 'predicate'].includes(key))
      problems.push(`unknown statement field ${key}`)
  if (statement._type !== STATEMENT_V1) problems.push('Wrong statement type')
  const subjects = statement.subject
  if (!Array.isArray(subjects) || subjects.length === 0)
    problems.push('At least one subject required')
  else
    subjects.forEach((subject, i) => {
      problems.push(...descriptorProblems(subject, `subject ${i}`))
      if (
        !isObject(subject) ||
        !isObject(subject.digest) ||
        Object.keys(subject.digest).length === 0
      )
        problems.push(`At least one digest required (subject ${i})`)
    })
  if (typeof statement.predicateType !== 'string' || !statement.predicateType)
    problems.push('Predicate type required')
  if (!isObject(statement.predicate) || Object.keys(statement.predicate).length === 0)
    problems.push('Predicate object required')
  else if (statement.predicateType === TEST_RESULT_V01)
    problems.push(...testResultProblems(statement.predicate))
  return problems
}

function descriptorProblems(descriptor: unknown, where: string): string[] {
  if (!isObject(descriptor)) return [`${where} is an object`]
  const problems = Object.keys(descriptor)
    .filter(key => !DESCRIPTOR_FIELDS.includes(key))
    .map(key => `${where}: unknown field ${key}`)
  const { name, uri, digest, content, mediaType, annotations } = descriptor
  for (const [field, value] of Object.entries({ name, uri, content, mediaType }))
    if (value !== undefined && typeof value !== 'string')
      problems.push(`${where}: ${field} is a string`)
  if (!uri && !content && !(isObject(digest) && Object.keys(digest).length > 0))
    problems.push(`${where}: MUST specify one of uri, digest or content`)
  if (
    typeof content === 'string' &&
    !/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(content)
  )
    problems.push(`${where}: content is base64 (protobuf's JSON form of bytes)`)
  if (digest !== undefined) {
    if (!isObject(digest)) problems.push(`${where}: a digest is a DigestSet`)
    else
      for (const [algorithm, value] of Object.entries(digest)) {
        const length = HEX_LENGTHS[algorithm]
        if (typeof value !== 'string') problems.push(`${where}: ${algorithm} is a string`)
        else if (length && !new RegExp(`^[0-9a-f]{${length}}$`).test(value))
          problems.push(`${where}: ${algorithm} is ${length} lowercase hex digits`)
      }
  }
  if (annotations !== undefined && !isObject(annotations))
    problems.push(`${where}: annotations are an object`)
  return problems
}

function testResultProblems(predicate: Json): string[] {
  const problems = Object.keys(predicate)
    .filter(key => !TEST_RESULT_FIELDS.includes(key))
    .map(key => `unknown test-result field ${key}`)
  if (!['PASSED', 'WARNED', 'FAILED'].includes(predicate.result as string))
    problems.push('result is PASSED, WARNED or FAILED')
  if (!Array.isArray(predicate.configuration)) problems.push('configuration is required, a list')
  else
    predicate.configuration.forEach((descriptor, i) =>
      problems.push(...descriptorProblems(descriptor, `configuration ${i}`))
    )
  if (predicate.url !== undefined && typeof predicate.url !== 'string')
    problems.push('url is a string')
  for (const list of ['passedTests', 'warnedTests', 'failedTests']) {
    const tests = predicate[list]
    if (tests !== undefined && !(Array.isArray(tests) && tests.every(t => typeof t === 'string')))
      problems.push(`${list} is a list of strings`)
  }
  return problems
}

/**
 * The statement `actions/attest` signs from `subject-checksums`,
 * `predicate-type` and `predicate-path`: each line's digest up to its first
 * space, its name after it (a leading `*` or space dropped), a name over two
 * lines refused, the same name and digest once.
 */
export function statementAsAttestBuildsIt(
  checksums: string,
  predicateType: string,
  predicate: string
): Json {
  const subject: { name: string; digest: Record<string, string> }[] = []
  for (const record of checksums.split(/\r?\n/).filter(Boolean)) {
    const space = record.indexOf(' ')
    if (space === -1) continue
    const rest = record.slice(space + 1)
    const name = rest.startsWith('*') || rest.startsWith(' ') ? rest.slice(1) : rest
    const digest = record.slice(0, space)
    if (!/^[0-9a-fA-F]+$/.test(digest)) throw new Error(`Invalid digest: ${digest}`)
    const algorithm = digest.length === 64 ? 'sha256' : digest.length === 128 ? 'sha512' : ''
    if (!algorithm) throw new Error(`Unknown digest algorithm: ${digest}`)
    if (!subject.some(s => s.name === name && s.digest[algorithm] === digest))
      subject.push({ name, digest: { [algorithm]: digest } })
  }
  return { _type: STATEMENT_V1, subject, predicateType, predicate: JSON.parse(predicate) as Json }
}
