/** The GitLab stand-in's users as GitLab's entities show them: `UserBasic` beside what they wrote, `UserPublic` for `GET /user`. */
import type { GitLabUser } from './gitlab-state.js'

const WEB = 'https://gitlab.example.com'

export function userBasic(user: GitLabUser): object {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    state: 'active',
    locked: false,
    avatar_url: `${WEB}/uploads/-/system/user/avatar/${user.id}/avatar.png`,
    web_url: `${WEB}/${user.username}`
  }
}

/** The token's own user; a project access token's is a bot. */
export function userPublic(user: GitLabUser): object {
  return { ...userBasic(user), bot: user.bot, created_at: '2026-01-05T09:00:00.000Z' }
}
