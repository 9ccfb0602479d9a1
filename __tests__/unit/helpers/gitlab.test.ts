/**
 * The stand-ins for GitLab's own rules (helpers/gitlab.ts), each held to what
 * GitLab does and shown able to refuse: the schema read from gitlab-ci-local's
 * bundle, the inputs' checks, the interpolation on parsed values, `rules:if`,
 * and the pipeline GitLab creates for an event.
 */
import { describe, expect, it } from '@jest/globals'
import {
  createPipeline,
  evaluateIf,
  eventVariables,
  expandIncludes,
  gitlabCiSchema,
  gitlabSchema,
  interpolate,
  parseComponent,
  resolveInputs,
  type Variables
} from '../../helpers/gitlab.js'

const BRANCH = eventVariables({ branch: 'main' })
const BRANCH_WITH_MR = eventVariables({
  branch: 'feature/login',
  openMergeRequest: 'mobile/shop!42'
})
const MERGE_REQUEST = eventVariables({
  mergeRequest: { iid: 42, source: 'feature/login', target: 'main', reference: 'mobile/shop!42' }
})

describe("GitLab's CI schema, as gitlab-ci-local ships it", () => {
  const schema = gitlabSchema()

  it("is GitLab's own file: its $id, the spec of a header, the job keywords", () => {
    const json = gitlabCiSchema() as {
      $id: string
      properties: { spec: { properties: object; additionalProperties: boolean } }
      definitions: { job_template: { properties: object } }
    }
    expect(json.$id).toBe('https://gitlab.com/.gitlab-ci.yml')
    expect(Object.keys(json.properties.spec.properties)).toContain('inputs')
    expect(json.properties.spec.additionalProperties).toBe(false)
    // The bundle's own additions (gclInteractive, …) are statements after the literal, not read.
    expect(Object.keys(json.definitions.job_template.properties)).not.toContain('gclInteractive')
  })

  it('refuses a header with spec: description, and one with keys beside spec', () => {
    const inputs = { file: { description: 'The build.' } }
    expect(schema.header({ spec: { inputs } })).toEqual([])
    expect(schema.header({ spec: { description: 'A component.', inputs } })).toEqual([
      expect.stringContaining('"additionalProperty":"description"')
    ])
    expect(schema.header({ spec: { inputs }, description: 'x' })).not.toEqual([])
    expect(
      schema.header({ spec: { inputs: { wait: { type: 'boolean', default: 'yes' } } } })
    ).not.toEqual([])
  })

  it('refuses a job with an unknown keyword, a wrong when, an environment url that is no URL', () => {
    expect(schema.config({ build: { script: ['make'] } })).toEqual([])
    expect(schema.config({ build: { scirpt: ['make'] } })).not.toEqual([])
    expect(schema.config({ build: { script: ['make'], when: 'sometimes' } })).not.toEqual([])
    const environment = (url: string) => ({
      deploy: { script: ['x'], environment: { name: 'review', url } }
    })
    expect(schema.config(environment('$runUrl'))).toEqual([])
    expect(schema.config(environment('https://example.test/run'))).toEqual([])
    expect(schema.config(environment('run page'))).not.toEqual([])
  })
})

describe('inputs, as GitLab settles them', () => {
  const specs = {
    file: { description: 'required' },
    wait: { type: 'boolean' as const, default: false },
    minutes: { type: 'number' as const, default: 60 },
    prefix: { default: '', regex: '^[a-z]*$' },
    size: { default: 'small', options: ['small', 'large'] }
  }

  it('applies the defaults and keeps the given values', () => {
    expect(resolveInputs(specs, { file: 'a.apk', wait: true })).toEqual({
      file: 'a.apk',
      wait: true,
      minutes: 60,
      prefix: '',
      size: 'small'
    })
  })

  it.each([
    [{}, 'required value has not been provided'],
    [{ file: 'a', colour: 'red' }, 'unknown input arguments: colour'],
    [{ file: 'a', wait: 'true' }, '`wait` input: the provided value is not a boolean'],
    [{ file: 'a', minutes: '90' }, '`minutes` input: the provided value is not a number'],
    [{ file: 3 }, '`file` input: the provided value is not a string'],
    [{ file: 'a', prefix: 'My App' }, '`prefix` input: the provided value does not match'],
    [{ file: 'a', size: 'huge' }, '`size` input: the provided value is not one of its options']
  ])('refuses %j: %s', (given, complaint) => {
    expect(() => resolveInputs(specs, given)).toThrow(complaint)
  })

  it('checks the defaults too', () => {
    expect(() => resolveInputs({ wait: { type: 'boolean', default: 'no' } }, {})).toThrow(
      'the default value is not a boolean'
    )
    expect(() => resolveInputs({ p: { default: 'A', regex: '^[a-z]*$' } }, {})).toThrow(
      'the default value does not match'
    )
  })
})

describe('interpolation on parsed values', () => {
  const inputs = { name: 'deploy-app', wait: true, minutes: 90, list: ['a', 'b'] }

  it('keeps the type of a whole value and writes the text of a value inside a string', () => {
    expect(
      interpolate(
        {
          '$[[ inputs.name ]]': {
            variables: { WAIT: '$[[ inputs.wait ]]', MINUTES: '$[[inputs.minutes]]' },
            script: ['echo $[[ inputs.name ]] waits $[[ inputs.minutes ]] min: $[[ inputs.wait ]]'],
            needs: '$[[ inputs.list ]]',
            on_stop: '$[[ inputs.name ]]-stop',
            retry: 2
          }
        },
        inputs
      )
    ).toEqual({
      'deploy-app': {
        variables: { WAIT: true, MINUTES: 90 },
        script: ['echo deploy-app waits 90 min: true'],
        needs: ['a', 'b'],
        on_stop: 'deploy-app-stop',
        retry: 2
      }
    })
  })

  it('never interpolates the text: a value that only looks like a block after YAML quoting stays typed', () => {
    const { body } = parseComponent(
      'spec:\n  inputs:\n    wait:\n      type: boolean\n      default: true\n---\njob:\n  variables:\n    A: \'$[[ inputs.wait ]]\'\n    B: "--wait=$[[ inputs.wait ]]"\n  script: [x]\n',
      'c.yml'
    )
    expect(interpolate(body, { wait: true })).toEqual({
      job: { variables: { A: true, B: '--wait=true' }, script: ['x'] }
    })
  })

  it('refuses an unknown input, an array inside a string, functions and other contexts', () => {
    expect(() => interpolate('$[[ inputs.nope ]]', inputs)).toThrow(
      'unknown interpolation key: nope'
    )
    expect(() => interpolate('x $[[ inputs.list ]]', inputs)).toThrow('is not text')
    expect(() => interpolate('$[[ inputs.name | truncate(0,3) ]]', inputs)).toThrow(
      'only $[[ inputs.NAME ]]'
    )
    expect(() => interpolate('$[[ matrix.os ]]', inputs)).toThrow('only $[[ inputs.NAME ]]')
    expect(() => interpolate({ '$[[ inputs.wait ]]': 1, true: 2 }, inputs)).toThrow('two keys')
  })

  it('expands include: local with inputs, the including file winning', () => {
    const files: Record<string, string> = {
      'templates/c.yml':
        'spec:\n  inputs:\n    job:\n      default: c\n    stage:\n---\n$[[ inputs.job ]]:\n  stage: $[[ inputs.stage ]]\n  script: [one]\n'
    }
    const read = (path: string) => files[path]!
    expect(
      expandIncludes(
        {
          include: [{ local: 'templates/c.yml', inputs: { stage: 'test' } }],
          c: { script: ['two'] }
        },
        read
      )
    ).toEqual({ c: { stage: 'test', script: ['two'] } })
    expect(() => expandIncludes({ include: [{ local: 'templates/c.yml' }] }, read)).toThrow(
      '`stage` input: required value has not been provided'
    )
    expect(() => expandIncludes({ include: [{ component: 'x/y@1' }] }, read)).toThrow(
      'only include: local'
    )
  })
})

describe('rules:if, as GitLab evaluates it', () => {
  const variables: Variables = {
    CI_PIPELINE_SOURCE: 'merge_request_event',
    CI_MERGE_REQUEST_IID: '42',
    CI_COMMIT_REF_NAME: 'feature/login',
    EMPTY: '',
    BLANK: '  '
  }

  it.each([
    ['$CI_PIPELINE_SOURCE == "merge_request_event"', true],
    ["$CI_PIPELINE_SOURCE == 'push'", false],
    ['$CI_PIPELINE_SOURCE != "push"', true],
    ['$CI_MERGE_REQUEST_IID', true],
    ['$CI_COMMIT_BRANCH', false],
    ['$EMPTY', false],
    ['$BLANK', false],
    ['$CI_COMMIT_BRANCH == null', true],
    ['$EMPTY == null', false],
    ['$EMPTY == ""', true],
    ['$CI_COMMIT_BRANCH == ""', false],
    ['$CI_COMMIT_REF_NAME =~ /^feature\\//', true],
    ['$CI_COMMIT_REF_NAME =~ /^FEATURE/', false],
    ['$CI_COMMIT_REF_NAME =~ /^FEATURE/i', true],
    ['$CI_COMMIT_BRANCH =~ /login/', false],
    ['$CI_COMMIT_BRANCH && $CI_OPEN_MERGE_REQUESTS', false],
    ['$CI_MERGE_REQUEST_IID && $CI_PIPELINE_SOURCE == "merge_request_event"', true],
    // Ruby's &&: an empty string is true, so the right side decides.
    ['$EMPTY && $CI_MERGE_REQUEST_IID', true],
    ['$CI_COMMIT_BRANCH || $CI_MERGE_REQUEST_IID', true],
    ['$CI_COMMIT_BRANCH || $CI_COMMIT_TAG', false],
    // && binds tighter than ||.
    ['$CI_MERGE_REQUEST_IID || $CI_COMMIT_BRANCH && $CI_COMMIT_TAG', true],
    ['($CI_MERGE_REQUEST_IID || $CI_COMMIT_BRANCH) && $CI_COMMIT_TAG', false]
  ])('%s is %s', (expression, expected) => {
    expect(evaluateIf(expression, variables)).toBe(expected)
  })

  it.each([
    ['$A !~ /x/'],
    ['$A =~ $PATTERN'],
    ['${A} == "x"'],
    ['$A =~ /x/m'],
    ['$A == "x" == "y"'],
    ['($A == "x"'],
    ['$A = "x"'],
    [''],
    ['$[[ inputs.x ]] == "y"']
  ])('refuses %s rather than guessing', expression => {
    expect(() => evaluateIf(expression, variables)).toThrow('rules:if')
  })
})

describe('the pipeline GitLab creates', () => {
  const jobs = (pipeline: Record<string, unknown> | undefined) =>
    pipeline && Object.keys(pipeline).filter(key => key !== 'stages')

  it('leaves a job without rules out of a merge request pipeline, without workflow:rules', () => {
    const config = {
      build: { stage: 'build', script: ['make'] },
      preview: { stage: 'deploy', script: ['x'], rules: [{ if: '$CI_MERGE_REQUEST_IID' }] }
    }
    expect(jobs(createPipeline(config, BRANCH))).toEqual(['build'])
    expect(jobs(createPipeline(config, MERGE_REQUEST))).toEqual(['preview'])
    // Only jobs without rules, in a merge request: GitLab creates no pipeline.
    expect(createPipeline({ build: config.build }, MERGE_REQUEST)).toBeUndefined()
  })

  it('keeps it in every pipeline workflow:rules let through, and creates one pipeline per push', () => {
    const config = {
      workflow: {
        rules: [
          { if: '$CI_PIPELINE_SOURCE == "merge_request_event"' },
          { if: '$CI_COMMIT_BRANCH && $CI_OPEN_MERGE_REQUESTS', when: 'never' },
          { if: '$CI_COMMIT_BRANCH' }
        ]
      },
      build: { stage: 'build', script: ['make'] }
    }
    expect(jobs(createPipeline(config, BRANCH))).toEqual(['build'])
    expect(jobs(createPipeline(config, MERGE_REQUEST))).toEqual(['build'])
    expect(createPipeline(config, BRANCH_WITH_MR)).toBeUndefined()
    expect(createPipeline(config, eventVariables({ branch: 'main' }))).not.toHaveProperty(
      'workflow'
    )
  })

  it("turns a job's rules into its when and allow_failure", () => {
    const config = {
      stop: {
        script: ['x'],
        rules: [{ if: '$CI_MERGE_REQUEST_IID', when: 'manual' }]
      },
      tolerant: { script: ['x'], allow_failure: true, rules: [{ when: 'manual' }] },
      never: {
        script: ['x'],
        rules: [{ if: '$CI_MERGE_REQUEST_IID', when: 'never' }, { when: 'always' }]
      }
    }
    expect(createPipeline(config, MERGE_REQUEST)).toEqual({
      stop: { script: ['x'], when: 'manual', allow_failure: false },
      tolerant: { script: ['x'], when: 'manual', allow_failure: true }
    })
  })

  it('refuses a configuration GitLab refuses, and what it does not evaluate', () => {
    const deploy = { stage: 'deploy', script: ['x'], rules: [{ if: '$CI_MERGE_REQUEST_IID' }] }
    const report = { stage: 'test', script: ['x'], needs: ['deploy'] }
    expect(() =>
      createPipeline({ deploy: { stage: 'deploy', script: ['x'] }, report }, BRANCH)
    ).toThrow('report needs deploy, which runs in a later stage')
    expect(() =>
      createPipeline({ deploy, report: { ...report, stage: 'deploy' } }, BRANCH)
    ).toThrow('report needs deploy, which is not in the pipeline')
    expect(
      createPipeline(
        {
          deploy,
          report: { ...report, stage: 'deploy', needs: [{ job: 'deploy', optional: true }] }
        },
        BRANCH
      )
    ).toEqual({ report: { stage: 'deploy', script: ['x'], needs: [] } })
    expect(() => createPipeline({ job: { stage: 'verify', script: ['x'] } }, BRANCH)).toThrow(
      'not in stages'
    )
    expect(() => createPipeline({ job: { script: ['x'], only: ['main'] } }, BRANCH)).toThrow('only')
    expect(() =>
      createPipeline({ job: { script: ['x'], rules: [{ changes: ['a'] }] } }, BRANCH)
    ).toThrow('rules with changes')
    expect(() => createPipeline({ job: { script: ['x'] } }, {})).toThrow('no branch, tag or merge')
  })
})
