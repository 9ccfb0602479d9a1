#!/bin/sh
# Ends the step with the CLI's exit code (0 success, 1 the deploy failed, 2 bad usage, 3 blocking bugs,
# 4 the wait timed out, 5 the run was canceled), once the test results are stored. The step before wrote it
# to $BASH_ENV, which bash reads at a step's start and POSIX sh does not: the last line that sets it is read
# here, whatever the shell; none means the step before never reached the CLI's end.
status="$(sed -n 's/^export MOBILE_BUILD_DEPLOY_EXIT=\([0-9][0-9]*\)$/\1/p' "${BASH_ENV:-/dev/null}" 2>/dev/null | tail -n 1)"
exit "${status:-${MOBILE_BUILD_DEPLOY_EXIT:-1}}"
