/**
 * An empty key names the CI's own reason for withholding it: each case is the
 * variables that CI sets in the pipeline that gets no secret.
 */
import { tmpdir } from 'node:os'
import { describe, expect, it } from '@jest/globals'
import { whyTheKeyIsEmpty } from '../../../../src/core/ci/providers/index.js'
import { runCli } from '../../../helpers/front-ends.js'

describe('whyTheKeyIsEmpty', () => {
  it.each([
    [
      "a fork's pull request on GitHub",
      { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'pull_request' },
      /pull request from a fork no secrets.*workflow_run/
    ],
    [
      "Dependabot's pull request",
      {
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_ACTOR: 'dependabot[bot]'
      },
      /Dependabot secrets/
    ],
    [
      'a push on GitHub',
      { GITHUB_ACTIONS: 'true', GITHUB_EVENT_NAME: 'push' },
      /Secrets and variables, Actions/
    ],
    [
      'an unprotected ref on GitLab',
      { GITLAB_CI: 'true', CI_COMMIT_REF_PROTECTED: 'false' },
      /protected variable only to pipelines of protected branches/
    ],
    [
      "a fork's merge request on GitLab",
      {
        GITLAB_CI: 'true',
        CI_PROJECT_ID: '7',
        CI_MERGE_REQUEST_SOURCE_PROJECT_ID: '9',
        CI_COMMIT_REF_PROTECTED: 'false'
      },
      /fork's project/
    ],
    [
      'a protected ref on GitLab',
      { GITLAB_CI: 'true', CI_COMMIT_REF_PROTECTED: 'true' },
      /Settings, CI\/CD, Variables/
    ],
    ['a job without its context on CircleCI', { CIRCLECI: 'true' }, /context:/],
    [
      'a forked pull request on CircleCI',
      { CIRCLECI: 'true', CIRCLE_PR_NUMBER: '4' },
      /forked pull requests/
    ],
    [
      'a pull request on Bitrise',
      { BITRISE_IO: 'true', BITRISE_PULL_REQUEST: '4' },
      /Expose for Pull Requests/
    ],
    ['Jenkins', { JENKINS_URL: 'https://ci.example.test/' }, /withCredentials/],
    ['a machine of its own', {}, /README\.md/]
  ])('%s', (_situation, env, expected) => {
    expect(whyTheKeyIsEmpty(env)).toMatch(expected)
  })

  it("is the fix of the empty key's error, in the CI the CLI runs in", async () => {
    const { exitCode, stderr } = await runCli(
      ['notify', '--base-url', 'https://service.example.com'],
      {
        env: { GITLAB_CI: 'true', CI_COMMIT_REF_PROTECTED: 'false', SERVICE_API_KEY: '' },
        cwd: tmpdir()
      }
    )
    expect(exitCode).toBe(2)
    expect(stderr).toMatch(
      /--api-key \(or SERVICE_API_KEY\) is empty\. GitLab gives a protected variable only/
    )
  })
})
