/**
 * Every test file's set-up: the suite's own CI runs on `pull_request`, and the
 * library reads the workflow's event from process.env (a collect is refused
 * in a pull request's workflow). The event a test runs in is the test's to
 * give, never that of the workflow running the suite.
 */
delete process.env.GITHUB_EVENT_NAME
