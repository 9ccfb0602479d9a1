#!/usr/bin/env bash
# Ends the step with the CLI's exit code (0 success, 1 the deploy failed, 2 bad usage, 3 blocking bugs,
# 4 the wait timed out, 5 the run was canceled), once the test results are stored. Bash read it from
# $BASH_ENV; unset means the step before never reached the CLI's end.
exit "${MOBILE_BUILD_DEPLOY_EXIT:-1}"
