/**
 * The GitHub stand-in's routes: one function per operation of GitHub's API
 * the stand-in answers, by GitHub's operation id, each reading and writing
 * the stand-in's state (github-state.ts). A request reaches its route only
 * once GitHub's description, the faults, the rate limit and the token have
 * let it through (github-requests.ts).
 */
import type { Call, Route } from './github-call.js'
import type { EMULATED_OPERATIONS } from './github-openapi.js'
import { CHECK_ROUTES } from './github-checks.js'
import { paged, perPageOf } from './github-pages.js'
import { MAX_COMMENT_CHARACTERS, type GitHubComment, type GitHubPull } from './github-state.js'

/** Every operation the stand-in answers, and how. */
export const ROUTES: Record<(typeof EMULATED_OPERATIONS)[number], Route> = {
  ...CHECK_ROUTES,

  'users/get-authenticated': ({ scopes, answer }) => {
    // An installation token (the workflow's GITHUB_TOKEN, a GitHub App's) is no user.
    if (scopes.app)
      return answer(403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user',
        status: '403'
      })
    answer(200, { ...scopes.user, node_id: `U_${scopes.user.id}` })
  },

  'issues/list-comments': ({ state, operation, url, address, answer }) => {
    const issue = Number(operation.params.issue_number)
    const { page, link } = paged(
      state.comments.filter(c => c.issue === issue),
      url,
      address
    )
    answer(200, page.map(commentJson), link)
  },

  'issues/create-comment': call => {
    const { state, operation, scopes, answer, refuse } = call
    if (scopes.pullRequests !== 'write') return refuse('issues=write; pull_requests=write')
    const text = commentText(call)
    if (text === undefined) return
    const comment: GitHubComment = {
      id: state.nextId++,
      issue: Number(operation.params.issue_number),
      body: text,
      user: scopes.user
    }
    state.comments.push(comment)
    answer(201, commentJson(comment))
  },

  'issues/update-comment': call => {
    const { state, operation, scopes, answer, refuse, notFound } = call
    if (scopes.pullRequests !== 'write') return refuse('issues=write; pull_requests=write')
    const comment = state.comments.find(c => c.id === Number(operation.params.comment_id))
    if (!comment) return notFound()
    const text = commentText(call)
    if (text === undefined) return
    comment.body = text
    answer(200, commentJson(comment))
  },

  'pulls/list': ({ state, url, address, answer }) => {
    const head = url.searchParams.get('head')
    const wanted = url.searchParams.get('state') ?? 'open'
    const found = state.pulls.filter(
      p =>
        (head === null || `${p.head.owner}:${p.head.ref}` === head) &&
        (wanted === 'all' || p.state === wanted)
    )
    const { page, link } = paged(found, url, address)
    answer(200, page.map(pullJson), link)
  },

  'repos/get': ({ state, operation: { params }, answer }) =>
    answer(200, {
      id: 1,
      name: params.repo,
      full_name: `${params.owner}/${params.repo}`,
      default_branch: state.repository.defaultBranch
    }),

  'repos/list-commits': ({ state: { repository }, url, answer }) => {
    if ((url.searchParams.get('sha') ?? repository.defaultBranch) !== repository.defaultBranch)
      return answer(200, [])
    answer(
      200,
      repository.commits.slice(0, perPageOf(url)).map(sha => ({ sha }))
    )
  },

  'repos/list-pull-requests-associated-with-commit': ({ state, operation, answer }) =>
    answer(200, state.pulls.filter(p => p.head.sha === operation.params.commit_sha).map(pullJson))
}

/** A comment's new text, or undefined once refused: GitHub counts a comment's characters as code points. */
function commentText({ body, invalid }: Call): string | undefined {
  const text = String(body?.body ?? '')
  if ([...text].length <= MAX_COMMENT_CHARACTERS) return text
  invalid(`body is longer than ${MAX_COMMENT_CHARACTERS} characters`)
  return undefined
}

function commentJson(comment: GitHubComment): object {
  return {
    id: comment.id,
    body: comment.body,
    user: comment.user,
    author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER'
  }
}

function pullJson(pull: GitHubPull): object {
  return {
    number: pull.number,
    state: pull.state,
    head: { ref: pull.head.ref, sha: pull.head.sha, label: `${pull.head.owner}:${pull.head.ref}` }
  }
}
