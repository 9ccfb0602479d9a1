import { describe, expect, it } from '@jest/globals'
import {
  githubContext,
  mergeQueuePullRequest,
  type RunnerEnv
} from '../../../../src/core/ci/github.js'
import type { GitContext } from '../../../../src/core/shared/git-context.js'

const deriveContext = (eventName: string, payload: Record<string, unknown>, env: RunnerEnv) =>
  githubContext(eventName, payload, env).git

const env: RunnerEnv = {
  GITHUB_REF: 'refs/heads/main',
  GITHUB_REF_NAME: 'main',
  GITHUB_SHA: '1111111111111111111111111111111111111111',
  GITHUB_REPOSITORY: 'octo/app',
  GITHUB_SERVER_URL: 'https://github.com'
}
const repository = { owner: 'octo', name: 'app' }
const HEAD = 'abcabcabcabcabcabcabcabcabcabcabcabcabca'

describe('deriveContext', () => {
  it.each<[string, string, Record<string, unknown>, RunnerEnv, GitContext]>([
    [
      'pull_request: head ref and head sha, never the merge commit',
      'pull_request',
      { number: 7, pull_request: { number: 7, head: { ref: 'feature/login', sha: HEAD } } },
      { ...env, GITHUB_REF: 'refs/pull/7/merge', GITHUB_REF_NAME: '7/merge' },
      {
        branch: 'feature/login',
        sha: HEAD,
        pullRequestNumber: 7,
        commitUrl: `https://github.com/octo/app/commit/${HEAD}`,
        repository
      }
    ],
    [
      'pull_request_target: the same as pull_request',
      'pull_request_target',
      { pull_request: { number: 9, head: { ref: 'fork-branch', sha: HEAD } } },
      env,
      {
        branch: 'fork-branch',
        sha: HEAD,
        pullRequestNumber: 9,
        commitUrl: `https://github.com/octo/app/commit/${HEAD}`,
        repository
      }
    ],
    [
      'push: ref without refs/heads/, after, head_commit.url',
      'push',
      {
        ref: 'refs/heads/release/1.2',
        after: HEAD,
        head_commit: { url: 'https://github.com/octo/app/commit/x' }
      },
      env,
      {
        branch: 'release/1.2',
        sha: HEAD,
        commitUrl: 'https://github.com/octo/app/commit/x',
        repository
      }
    ],
    [
      'push of a tag: no branch, URL built',
      'push',
      { ref: 'refs/tags/v1.0.0', after: HEAD },
      env,
      {
        branch: undefined,
        sha: HEAD,
        commitUrl: `https://github.com/octo/app/commit/${HEAD}`,
        repository
      }
    ],
    [
      'push that deletes a branch: the zero sha is not a commit',
      'push',
      { ref: 'refs/heads/gone', after: '0000000000000000000000000000000000000000' },
      env,
      {
        branch: 'gone',
        sha: env.GITHUB_SHA,
        commitUrl: `https://github.com/octo/app/commit/${env.GITHUB_SHA}`,
        repository
      }
    ],
    [
      'merge_group: head_ref, head_sha, pull request from the queue branch',
      'merge_group',
      {
        merge_group: {
          head_ref: `refs/heads/gh-readonly-queue/main/pr-123-${HEAD}`,
          head_sha: HEAD
        }
      },
      env,
      {
        branch: `gh-readonly-queue/main/pr-123-${HEAD}`,
        sha: HEAD,
        pullRequestNumber: 123,
        commitUrl: `https://github.com/octo/app/commit/${HEAD}`,
        repository
      }
    ],
    [
      'deployment_status: deployment ref and sha, environment_url',
      'deployment_status',
      {
        deployment: { ref: 'main', sha: HEAD },
        deployment_status: { environment_url: 'https://preview.example.com' }
      },
      env,
      {
        branch: 'main',
        sha: HEAD,
        commitUrl: `https://github.com/octo/app/commit/${HEAD}`,
        deploymentUrl: 'https://preview.example.com',
        repository
      }
    ],
    [
      'workflow_dispatch on a branch: GITHUB_REF_NAME and GITHUB_SHA',
      'workflow_dispatch',
      {},
      { ...env, GITHUB_SERVER_URL: 'https://ghe.example.com/' },
      {
        branch: 'main',
        sha: env.GITHUB_SHA,
        commitUrl: `https://ghe.example.com/octo/app/commit/${env.GITHUB_SHA}`,
        repository
      }
    ],
    [
      'schedule on a tag: no branch',
      'schedule',
      {},
      { ...env, GITHUB_REF: 'refs/tags/v2', GITHUB_REF_NAME: 'v2' },
      {
        branch: undefined,
        sha: env.GITHUB_SHA,
        commitUrl: `https://github.com/octo/app/commit/${env.GITHUB_SHA}`,
        repository
      }
    ],
    [
      'a payload with wrongly typed fields falls back, never throws',
      'pull_request',
      { pull_request: { number: 'seven', head: [] } },
      env,
      {
        branch: undefined,
        sha: env.GITHUB_SHA,
        pullRequestNumber: undefined,
        commitUrl: `https://github.com/octo/app/commit/${env.GITHUB_SHA}`,
        repository
      }
    ],
    [
      'no GITHUB_REPOSITORY: no repository and no built URL',
      'workflow_dispatch',
      {},
      { ...env, GITHUB_REPOSITORY: undefined },
      { branch: 'main', sha: env.GITHUB_SHA, commitUrl: undefined, repository: undefined }
    ]
  ])('%s', (_title, eventName, payload, runnerEnv, expected) => {
    expect(deriveContext(eventName, payload, runnerEnv)).toEqual({
      ...expected,
      hostingService: 'GitHub'
    })
  })
})

describe('workflow_run', () => {
  const base = { repo: { url: 'https://api.github.com/repos/octo/app', name: 'app' } }
  const run = (fields: Record<string, unknown>) => ({
    workflow_run: {
      event: 'pull_request',
      head_sha: HEAD,
      head_branch: 'feature/x',
      head_repository: { full_name: 'fork-owner/app', owner: { login: 'fork-owner' } },
      pull_requests: [],
      ...fields
    }
  })

  it("takes the triggering run's head commit and branch, and its pull request when named", () => {
    const found = githubContext(
      'workflow_run',
      run({ pull_requests: [{ number: 12, head: { sha: HEAD, ref: 'feature/x' }, base }] }),
      env
    )
    expect(found.git).toMatchObject({
      branch: 'feature/x',
      sha: HEAD,
      pullRequestNumber: 12,
      repository
    })
    expect(found.pullRequestLookup).toBeUndefined()
  })

  it("asks for a lookup when a fork's pull request is not named in the payload", () => {
    const found = githubContext('workflow_run', run({}), env)
    expect(found.git.pullRequestNumber).toBeUndefined()
    expect(found.pullRequestLookup).toEqual({
      apiUrl: 'https://api.github.com',
      repository: { owner: 'octo', name: 'app' },
      owner: 'fork-owner',
      branch: 'feature/x',
      sha: HEAD
    })
  })

  it("names a listed pull request only when its head is the run's head commit", () => {
    const moved = githubContext(
      'workflow_run',
      run({
        pull_requests: [{ number: 12, head: { sha: 'f'.repeat(40), ref: 'feature/x' }, base }]
      }),
      env
    )
    expect(moved.git.pullRequestNumber).toBeUndefined()
    const several = githubContext(
      'workflow_run',
      run({
        pull_requests: [
          { number: 12, head: { sha: 'f'.repeat(40) }, base },
          { number: 13, head: { sha: HEAD }, base }
        ]
      }),
      env
    )
    expect(several.git.pullRequestNumber).toBe(13)
  })

  it('names a listed pull request only when it is open on this repository, not another of the same head', () => {
    const elsewhere = { repo: { id: 99, url: 'https://api.github.com/repos/someone/else' } }
    const other = githubContext(
      'workflow_run',
      run({ pull_requests: [{ number: 7, head: { sha: HEAD }, base: elsewhere }] }),
      env
    )
    expect(other.git.pullRequestNumber).toBeUndefined()
    // By id, when the payload names this repository's.
    const byId = (id: number) =>
      githubContext(
        'workflow_run',
        {
          ...run({ pull_requests: [{ number: 7, head: { sha: HEAD }, base: { repo: { id } } }] }),
          repository: { id: 42 }
        },
        env
      ).git.pullRequestNumber
    expect([byId(42), byId(43)]).toEqual([7, undefined])
    // Without a base at all, nothing says it is ours.
    const unknown = githubContext(
      'workflow_run',
      run({ pull_requests: [{ number: 7, head: { sha: HEAD } }] }),
      env
    )
    expect(unknown.git.pullRequestNumber).toBeUndefined()
  })

  it('asks for nothing when the triggering run was a push', () => {
    expect(
      githubContext('workflow_run', run({ event: 'push' }), env).pullRequestLookup
    ).toBeUndefined()
  })
})

describe('a deployment_status event whose environment_url is no http(s) URL', () => {
  it('leaves it out and says which event field it was, never blaming an input', () => {
    const found = githubContext(
      'deployment_status',
      { deployment: { sha: HEAD }, deployment_status: { environment_url: 'javascript:alert(1)' } },
      env
    )
    expect(found.git.deploymentUrl).toBeUndefined()
    expect(found.notes.join('\n')).toMatch(
      /deployment_status\.environment_url .* is not an http\(s\) URL/
    )
    expect(found.notes.join('\n')).not.toMatch(/deployment-url/)
  })
})

describe('mergeQueuePullRequest', () => {
  it.each([
    ['gh-readonly-queue/main/pr-5-0123abcd', 5],
    ['refs/heads/gh-readonly-queue/release/v1/pr-77-0123abcd', 77],
    ['feature/pr-5-abc', undefined],
    [undefined, undefined]
  ])('%s -> %s', (ref, expected) => {
    expect(mergeQueuePullRequest(ref)).toBe(expected)
  })
})
