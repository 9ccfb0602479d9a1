import { describe, expect, it } from '@jest/globals'
import {
  deriveContext,
  mergeQueuePullRequest,
  type RunnerEnv,
  resolveContext
} from '../../src/action/context.js'
import type { GitContext } from '../../src/core/git.js'

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
    expect(deriveContext(eventName, payload, runnerEnv)).toEqual(expected)
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

describe('resolveContext', () => {
  const none = { branch: '', sha: '', commitUrl: '', deploymentUrl: '' }

  it('applies every override', () => {
    const resolved = resolveContext(
      'push',
      { ref: 'refs/heads/main', after: HEAD },
      env,
      {
        branch: 'other',
        sha: 'fedcba9876543',
        commitUrl: '',
        deploymentUrl: 'https://d.example.com',
        pullRequestNumber: 3
      },
      'GitHub'
    )
    expect(resolved).toEqual({
      hostingService: 'GitHub',
      branch: 'other',
      sha: 'fedcba9876543',
      commitUrl: 'https://github.com/octo/app/commit/fedcba9876543',
      deploymentUrl: 'https://d.example.com',
      pullRequestNumber: 3,
      repository
    })
  })

  it('keeps the derived values without overrides', () => {
    expect(
      resolveContext('push', { ref: 'refs/heads/main', after: HEAD }, env, none, 'GitHub')
    ).toEqual({
      ...deriveContext('push', { ref: 'refs/heads/main', after: HEAD }, env),
      hostingService: 'GitHub'
    })
  })

  it('takes an explicit commit URL over the built one', () => {
    const resolved = resolveContext(
      'push',
      {},
      env,
      {
        ...none,
        sha: 'fedcba9876543',
        commitUrl: 'https://c.example.com/1'
      },
      'GitHub'
    )
    expect(resolved.commitUrl).toBe('https://c.example.com/1')
  })
})
