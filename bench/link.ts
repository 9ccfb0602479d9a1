/**
 * A link shaped to a rate for the bench: a network namespace made for the run,
 * its loopback limited with a token bucket (`tc qdisc … tbf`), and the bench
 * run again inside it. Needs root; `shapedLinkProblem` says why not otherwise.
 */
import { execFileSync, spawn } from 'node:child_process'

export function shapedLinkProblem(): string | undefined {
  if (process.platform !== 'linux') return 'shaped-link rows need Linux network namespaces'
  if (process.getuid?.() !== 0)
    return 'shaped-link rows need root (ip netns, tc); run the bench as root for them'
  try {
    execFileSync('tc', ['-V'], { stdio: 'ignore' })
    execFileSync('ip', ['-V'], { stdio: 'ignore' })
  } catch {
    return 'shaped-link rows need the ip and tc commands (iproute2)'
  }
  return undefined
}

/** Runs `command` inside a fresh namespace whose loopback is shaped to `rate` (e.g. `1gbit`); removes the namespace after. */
export async function onShapedLink(rate: string, command: string[]): Promise<string> {
  const namespace = `mbd-bench-${process.pid}-${rate}`
  const ip = (...args: string[]): void => {
    execFileSync('ip', args, { stdio: 'ignore' })
  }
  ip('netns', 'add', namespace)
  const remove = (): void => {
    try {
      ip('netns', 'delete', namespace)
    } catch {
      // Already gone.
    }
  }
  process.once('exit', remove)
  try {
    ip('netns', 'exec', namespace, 'ip', 'link', 'set', 'lo', 'up')
    ip(
      'netns',
      'exec',
      namespace,
      'tc',
      'qdisc',
      'add',
      'dev',
      'lo',
      'root',
      'tbf',
      'rate',
      rate,
      'burst',
      '1mb',
      'latency',
      '200ms'
    )
    return await new Promise((resolve, reject) => {
      const child = spawn('ip', ['netns', 'exec', namespace, ...command], {
        stdio: ['ignore', 'pipe', 'inherit']
      })
      let out = ''
      child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
      child.on('error', reject)
      child.on('close', code =>
        code === 0
          ? resolve(out)
          : reject(new Error(`the bench inside the namespace exited ${code}`))
      )
    })
  } finally {
    remove()
    process.removeListener('exit', remove)
  }
}
