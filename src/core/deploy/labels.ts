/**
 * With several builds in one step their deployments go beside each other,
 * so their log lines interleave: each line names its build with a short
 * label (`[android app.aab]`), and no build opens a group another's lines
 * would fall into (a runner's groups do not nest by deployment): a phase is
 * a labelled line instead. With one deployment the log is as it is.
 */
import type { Log } from '../shared/log.js'
import { oneLine } from '../shared/text.js'
import type { Deployment } from '../report/facts.js'

/** Pure: a deployment's short label: its platform and file, or the run it waits for. */
export function labelOf(deployment: Deployment, file: string | undefined): string {
  const name = deployment.artifact?.name ?? file?.split('/').at(-1)
  const which = [deployment.build?.platform ?? deployment.build?.format, name]
    .filter(Boolean)
    .join(' ')
  return which || deployment.runId || deployment.name
}

/** The log of one deployment of several: every line after its label, read as it is when the line is said. */
export function labelledLog(log: Log, label: () => string): Log {
  const tag = (message: string): string => `[${oneLine(label(), 60)}] ${message}`
  return {
    info: message => log.info(tag(message)),
    debug: message => log.debug(tag(message)),
    notice: (message, title) => log.notice(tag(message), title),
    warning: (message, title) => log.warning(tag(message), title),
    mask: secret => log.mask(secret),
    group: async (name, work) => {
      log.info(tag(name))
      return work()
    }
  }
}
