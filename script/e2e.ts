/**
 * `npm run test:e2e [-- <jest arguments>]`: jest over the end-to-end suites
 * (E2E=1, jest.config.js), Node's ES modules for the tests, its warnings
 * off. The variables are set here, not before the command in package.json:
 * npm runs scripts with cmd.exe on Windows, which reads no `VAR=value cmd`.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { ROOT } from '../emulator/github-runner.js'

const child = spawn(
  process.execPath,
  [join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E: '1',
      // In the environment, not as flags of this Node: every Node the suites start (jest's workers, the
      // processes a suite runs under it) takes them too.
      NODE_OPTIONS: '--experimental-vm-modules',
      NODE_NO_WARNINGS: '1'
    }
  }
)
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal))
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0)
})
