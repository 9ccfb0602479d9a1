/**
 * GitLab's own rules, for the tests of the CI/CD components and of the docs'
 * pipelines: GitLab's CI schema (the ci.json gitlab-ci-local ships), a
 * component's inputs checked and interpolated as GitLab does it, and the
 * pipeline GitLab creates for an event (workflow:rules, job rules, the
 * default of a job without rules). Each part refuses what it cannot decide
 * rather than guessing: a test that passes here passes on GitLab's terms.
 *
 * Sources, in GitLab's repository (gitlabhq/gitlabhq):
 * - lib/gitlab/ci/interpolation/ (config.rb walks keys and values; inputs/ types, defaults, options, regex);
 *   a whole value keeps its input's type since merge requests !144065 and !145257 (GitLab 16.10)
 * - lib/gitlab/ci/pipeline/expression/ (the `rules:if` lexemes, parser and statement)
 * - lib/gitlab/ci/config/entry/processable.rb (a job without rules gets `only: [branches, tags]`,
 *   unless workflow:rules exist)
 */
export * from './gitlab/values.js'
export * from './gitlab/schema.js'
export * from './gitlab/components.js'
export * from './gitlab/rules.js'
export * from './gitlab/pipeline.js'
