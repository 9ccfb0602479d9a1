import { describe, expect, it } from '@jest/globals'
import { gitContext } from '../../../../src/cli/ci/git.js'
import { COMMANDS } from '../../../../src/cli/commands.js'
import { helpText } from '../../../../src/cli/help.js'
import { detectProvider, PROVIDERS, type Env } from '../../../../src/core/ci/providers/index.js'
import { repositoryOfUrl } from '../../../../src/core/ci/repository.js'

const SHA = '0123456789abcdef0123456789abcdef01234567'
const noFile = (path: string): string => {
  throw new Error(`no file ${path} in this test`)
}
const HEAD = 'feedfacefeedfacefeedfacefeedfacefeedface'

/** Each CI alone, with the variables it sets, and what the CLI reads from them. */
const cases: [string, Env, Record<string, unknown>][] = [
  [
    'GitLab CI',
    {
      GITLAB_CI: 'true',
      CI_COMMIT_BRANCH: 'main',
      CI_COMMIT_SHA: SHA,
      CI_PROJECT_NAMESPACE: 'mobile/apps',
      CI_PROJECT_NAME: 'shop',
      CI_PROJECT_URL: 'https://gitlab.example.com/mobile/apps/shop'
    },
    {
      branch: 'main',
      sha: SHA,
      repository: { namespace: 'mobile/apps', name: 'shop' },
      commitUrl: `https://gitlab.example.com/mobile/apps/shop/-/commit/${SHA}`,
      hostingService: 'GitLab',
      mergeRequestNumber: undefined
    }
  ],
  [
    'GitLab CI',
    {
      GITLAB_CI: 'true',
      CI_COMMIT_SHA: SHA,
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature/login',
      CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: HEAD,
      // The instance-wide id is not the merge request's number.
      CI_MERGE_REQUEST_ID: '987654',
      CI_MERGE_REQUEST_IID: '42',
      CI_PROJECT_NAMESPACE: 'team',
      CI_PROJECT_NAME: 'app'
    },
    { branch: 'feature/login', sha: HEAD, mergeRequestNumber: 42, hostingService: 'GitLab' }
  ],
  [
    'GitHub Actions',
    {
      GITHUB_ACTIONS: 'true',
      GITHUB_REF: 'refs/pull/7/merge',
      GITHUB_HEAD_REF: 'feature',
      GITHUB_SHA: SHA,
      GITHUB_REPOSITORY: 'octo/app'
    },
    {
      branch: 'feature',
      pullRequestNumber: 7,
      repository: { owner: 'octo', name: 'app' },
      commitUrl: `https://github.com/octo/app/commit/${SHA}`,
      hostingService: 'GitHub'
    }
  ],
  [
    'Bitrise',
    {
      BITRISE_IO: 'true',
      BITRISE_APP_SLUG: 'a1b2c3d4e5f6',
      BITRISE_GIT_BRANCH: 'develop',
      BITRISE_GIT_COMMIT: SHA,
      BITRISE_PULL_REQUEST: '12',
      GIT_REPOSITORY_URL: 'git@github.com:octo/app.git'
    },
    {
      branch: 'develop',
      sha: SHA,
      pullRequestNumber: 12,
      repository: { owner: 'octo', name: 'app' },
      hostingService: 'GitHub'
    }
  ],
  [
    'CircleCI',
    {
      CIRCLECI: 'true',
      CIRCLE_BRANCH: 'pull/31',
      CIRCLE_SHA1: SHA,
      CIRCLE_PULL_REQUEST: 'https://github.com/octo/app/pull/31',
      CIRCLE_PROJECT_USERNAME: 'octo',
      CIRCLE_PROJECT_REPONAME: 'app',
      CIRCLE_REPOSITORY_URL: 'git@github.com:octo/app.git'
    },
    {
      branch: 'pull/31',
      pullRequestNumber: 31,
      repository: { owner: 'octo', name: 'app' },
      commitUrl: `https://github.com/octo/app/commit/${SHA}`
    }
  ],
  [
    'Jenkins',
    {
      JENKINS_URL: 'https://ci.example.com/',
      CHANGE_ID: '5',
      CHANGE_BRANCH: 'feature/x',
      BRANCH_NAME: 'PR-5',
      GIT_COMMIT: SHA,
      GIT_URL: 'https://bitbucket.org/team/app.git'
    },
    {
      branch: 'feature/x',
      pullRequestNumber: 5,
      repository: { owner: 'team', name: 'app' },
      hostingService: 'Bitbucket'
    }
  ],
  [
    'Jenkins',
    { JENKINS_URL: 'https://ci.example.com/', GIT_BRANCH: 'origin/main', GIT_COMMIT: SHA },
    { branch: 'main', sha: SHA, pullRequestNumber: undefined }
  ],
  [
    'Azure Pipelines',
    {
      TF_BUILD: 'True',
      BUILD_SOURCEBRANCH: 'refs/heads/release/2.0',
      BUILD_SOURCEVERSION: SHA,
      BUILD_REPOSITORY_PROVIDER: 'GitHub',
      BUILD_REPOSITORY_NAME: 'octo/app',
      BUILD_REPOSITORY_URI: 'https://github.com/octo/app'
    },
    {
      branch: 'release/2.0',
      sha: SHA,
      repository: { owner: 'octo', name: 'app' },
      hostingService: 'GitHub'
    }
  ],
  [
    'Azure Pipelines',
    {
      TF_BUILD: 'True',
      BUILD_SOURCEBRANCH: 'refs/pull/9/merge',
      SYSTEM_PULLREQUEST_SOURCEBRANCH: 'refs/heads/feature',
      SYSTEM_PULLREQUEST_PULLREQUESTNUMBER: '9',
      BUILD_SOURCEVERSION: SHA,
      BUILD_REPOSITORY_PROVIDER: 'TfsGit'
    },
    { branch: 'feature', pullRequestNumber: 9, hostingService: 'Azure Repos' }
  ],
  [
    'Buildkite',
    {
      BUILDKITE: 'true',
      BUILDKITE_BRANCH: 'main',
      BUILDKITE_COMMIT: SHA,
      BUILDKITE_PULL_REQUEST: 'false',
      BUILDKITE_REPO: 'https://github.com/octo/app.git'
    },
    { branch: 'main', pullRequestNumber: undefined, repository: { owner: 'octo', name: 'app' } }
  ],
  [
    'Codemagic',
    {
      CI: 'true',
      CM_BUILD_ID: 'uuid',
      CM_BRANCH: 'main',
      CM_COMMIT: SHA,
      // Every Codemagic build has a number here; only "true" makes it a pull request.
      CM_PULL_REQUEST: 'false',
      CM_PULL_REQUEST_NUMBER: '3',
      CM_REPO_SLUG: 'octo/app'
    },
    { branch: 'main', pullRequestNumber: undefined, repository: { owner: 'octo', name: 'app' } }
  ],
  [
    'Codemagic',
    { CM_BUILD_ID: 'uuid', CM_PULL_REQUEST: 'true', CM_PULL_REQUEST_NUMBER: '3' },
    { pullRequestNumber: 3 }
  ],
  [
    'Xcode Cloud',
    {
      CI: 'TRUE',
      CI_XCODEBUILD_ACTION: 'archive',
      CI_BRANCH: 'main',
      CI_COMMIT: SHA,
      CI_PULL_REQUEST_NUMBER: '14',
      CI_PULL_REQUEST_SOURCE_BRANCH: 'feature/ios'
    },
    { branch: 'feature/ios', sha: SHA, pullRequestNumber: 14 }
  ],
  [
    'Bitbucket Pipelines',
    {
      BITBUCKET_BUILD_NUMBER: '77',
      BITBUCKET_BRANCH: 'feature',
      BITBUCKET_COMMIT: SHA,
      BITBUCKET_PR_ID: '8',
      BITBUCKET_REPO_FULL_NAME: 'team/app',
      BITBUCKET_GIT_HTTP_ORIGIN: 'http://bitbucket.org/team/app'
    },
    {
      branch: 'feature',
      pullRequestNumber: 8,
      repository: { owner: 'team', name: 'app' },
      commitUrl: `http://bitbucket.org/team/app/commits/${SHA}`,
      hostingService: 'Bitbucket'
    }
  ]
]

describe('CI providers', () => {
  it.each(cases)('%s: %j', (name, env, expected) => {
    const provider = detectProvider(env)
    expect(provider?.name).toBe(name)
    const context: Record<string, unknown> = { ...provider!.context(env, noFile).git }
    // Each field as expected; an expected undefined means the CI says nothing of it.
    for (const [field, value] of Object.entries(expected))
      expect([field, context[field]]).toEqual([field, value])
  })

  it('knows no CI from a bare environment', () => {
    expect(detectProvider({ PATH: '/usr/bin', CI: 'true' })).toBeUndefined()
  })

  it('takes GitLab for GitLab even with CI_* names an Xcode Cloud build also has', () => {
    expect(detectProvider({ GITLAB_CI: 'true', CI_XCODEBUILD_ACTION: 'x' })?.name).toBe('GitLab CI')
  })
})

describe('GitHub Actions, from the workflow event as the action reads it', () => {
  const env: Env = {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: '/runner/event.json',
    GITHUB_REF: 'refs/pull/7/merge',
    GITHUB_HEAD_REF: 'feature',
    GITHUB_SHA: SHA,
    GITHUB_REPOSITORY: 'octo/app'
  }
  const event = { pull_request: { number: 7, head: { ref: 'feature', sha: HEAD } } }

  it("gives the pull request's head commit, never the merge commit", () => {
    const found = detectProvider(env)!.context(env, path =>
      path === '/runner/event.json' ? JSON.stringify(event) : noFile(path)
    )
    expect(found.git).toMatchObject({ sha: HEAD, branch: 'feature', pullRequestNumber: 7 })
    expect(found.git.commitUrl).toBe(`https://github.com/octo/app/commit/${HEAD}`)
  })

  it('says so when the event file cannot be read, and falls back to the variables', () => {
    const found = detectProvider(env)!.context(env, noFile)
    expect(found.notes[0]).toMatch(/event file could not be read/)
    expect(found.git).toMatchObject({ sha: SHA, branch: 'feature' })
  })
})

describe('git itself', () => {
  it('reads branch, commit and remote', async () => {
    const answers: Record<string, string> = {
      'rev-parse --abbrev-ref HEAD': 'topic',
      'rev-parse HEAD': SHA,
      'config --get remote.origin.url': 'https://gitlab.com/group/sub/app.git'
    }
    const context = await gitContext(async args => answers[args.join(' ')])
    expect(context).toEqual({
      branch: 'topic',
      sha: SHA,
      repository: { namespace: 'group/sub', name: 'app' },
      commitUrl: `https://gitlab.com/group/sub/app/-/commit/${SHA}`,
      hostingService: 'GitLab'
    })
  })

  it('has no branch on a detached head, and nothing without git', async () => {
    expect(
      (await gitContext(async args => (args[1] === '--abbrev-ref' ? 'HEAD' : undefined))).branch
    ).toBeUndefined()
    expect(await gitContext(async () => undefined)).toEqual({
      branch: undefined,
      sha: undefined,
      repository: undefined,
      commitUrl: undefined,
      hostingService: undefined
    })
  })
})

describe('repositoryOfUrl', () => {
  it.each([
    ['https://github.com/octo/app.git', { owner: 'octo', name: 'app' }],
    ['git@github.com:octo/app.git', { owner: 'octo', name: 'app' }],
    ['ssh://git@bitbucket.org/team/app.git', { owner: 'team', name: 'app' }],
    ['https://gitlab.com/a/b/c/app', { namespace: 'a/b/c', name: 'app' }],
    ['https://example.com/only', undefined],
    ['not a url', undefined],
    [undefined, undefined]
  ])('%j', (url, expected) => {
    expect(repositoryOfUrl(url)).toEqual(expected)
  })
})

describe('each provider says where its facts come from, as its code reads them', () => {
  it.each(PROVIDERS.map(provider => [provider.name, provider] as const))(
    '%s: every variable its docs row names is one it reads',
    (_name, provider) => {
      // Every variable read, whatever each holds: unset, and set to values that open each branch.
      const read = new Set<string>()
      for (const value of [undefined, 'true', 'GitHub', '12']) {
        const env = new Proxy({} as Env, {
          get: (_target, name) => {
            if (typeof name === 'string') read.add(name)
            return value
          }
        })
        provider.context(env, () => '{}')
        provider.keyAdvice?.(env)
      }
      const named = Object.values(provider.reads)
        .join(' ')
        .match(/`?\b[A-Z][A-Z0-9_]{2,}\b`?/g)!
        .map(word => word.replace(/`/g, ''))
      expect(named.length).toBeGreaterThan(0)
      for (const variable of named.filter(v => !v.startsWith('…')))
        expect([variable, read.has(variable)]).toEqual([variable, true])
      // The signals are read by the detection, from the same list.
      expect(
        detectProvider(Object.fromEntries(provider.signals.map(s => [s.variable, s.value ?? '1'])))
      ).toBe(provider)
    }
  )

  it('names each provider in the CLI’s help of a command that reads the Git context', () => {
    const help = helpText(COMMANDS.find(command => command.name === 'deploy')).replace(/\s+/g, ' ')
    for (const provider of PROVIDERS) expect(help).toContain(provider.name)
  })
})
