import { describe, expect, it } from '@jest/globals'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { ROOT } from '../../../emulator/github-runner.js'
import { EXIT, parseCommandLine, UsageError } from '../../../src/cli/args.js'
import { COMMANDS } from '../../../src/cli/commands.js'
import { helpText } from '../../../src/cli/help.js'
import { CAUSE_SEVERITY } from '../../../src/core/report/judgement.js'

describe('parseCommandLine', () => {
  it('reads a command, its string flags and booleans in every form', () => {
    const parsed = parseCommandLine([
      'deploy',
      '--file',
      'app.apk',
      '--name-prefix=myapp',
      '--no-fail-on-no-run',
      '--ephemeral-environment=true',
      '--json'
    ])
    expect(parsed.command?.name).toBe('deploy')
    expect(parsed.values).toMatchObject({
      file: ['app.apk'],
      'name-prefix': 'myapp',
      'fail-on-no-run': false,
      'ephemeral-environment': true,
      json: true,
      notify: undefined
    })
  })

  it.each([
    [['nope'], 'Unknown command "nope"'],
    [['dploy'], "Did you mean 'deploy'?"],
    [['deploy', '--bogus'], 'Unknown flag --bogus'],
    [['deploy', '--fil', 'a.apk'], "Unknown flag --fil for 'deploy'. Did you mean --file?"],
    [['deploy', '--wait-timeout-minute=3'], 'Did you mean --wait-timeout-minutes?'],
    [['upload', '--run-input-path', 'a.apk'], 'Unknown flag --run-input-path'],
    [['upload', '--wait'], 'Unknown flag --wait'],
    [['deploy', '--output-env-format', 'yaml'], 'takes dotenv, shell, envman'],
    [['deploy', '--file'], "'--file <value>' argument missing"],
    [['deploy', 'stray'], 'positional argument'],
    [['deploy', '--json=maybe'], '--json takes true or false'],
    [['deploy', '--notify', '--no-notify'], 'contradict']
  ])('%j is bad usage: %s', (argv, words) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError)
    expect(() => parseCommandLine(argv)).toThrow(words)
  })

  const KEY = 'sk_live_9fQ2xLm7Tz4RwB8vNc3H'

  it.each([
    ['as the command', [KEY, 'deploy'], 'Unknown command an argument (not shown'],
    ['as a stray argument', ['deploy', '--file', 'app.apk', KEY], 'argument 3 after it'],
    ['after a flag that takes no value', ['deploy', '--json', KEY], 'argument 2 after it'],
    ['as a flag', ['deploy', `--${KEY}`], 'Unknown flag an argument (not shown'],
    ['as a flag with a value', ['deploy', `--key_${KEY}=1`], 'Unknown flag an argument'],
    ["as a boolean flag's value", ['deploy', `--wait=${KEY}`], '--wait takes true or false'],
    [
      'as the hand-over format',
      ['deploy', '--output-env-format', KEY],
      'takes dotenv, shell, envman'
    ]
  ])('never shows a key given by mistake %s', (_where, argv, words) => {
    let message = ''
    try {
      parseCommandLine(argv)
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError)
      message = (error as Error).message
    }
    expect(message).toContain(words)
    expect(message).not.toContain(KEY)
    for (let at = 0; at + 8 <= KEY.length; at++)
      expect(message).not.toContain(KEY.slice(at, at + 8))
  })

  it('shows a word a person typed where a command or a format belongs', () => {
    expect(() => parseCommandLine(['deplyo'])).toThrow(
      'Unknown command "deplyo". Did you mean \'deploy\'?'
    )
    expect(() => parseCommandLine(['deploy', '--output-env-format', 'shel'])).toThrow(
      'not "shel". Did you mean shell?'
    )
    expect(() => parseCommandLine(['deploy', '--wait', 'true'])).toThrow(
      'argument 2 after it is one (not shown: it could be a secret given in the wrong place). Flags take the form --name value; booleans --flag, --no-flag or --flag=true|false.'
    )
  })

  it('is bad usage without a command, and shows the help', () => {
    expect(() => parseCommandLine([])).toThrow(UsageError)
    expect(() => parseCommandLine([])).toThrow(/No command given\.[\s\S]*Commands:/)
  })

  it('asks for help with --help, and for the version with --version', () => {
    expect(parseCommandLine(['--help']).help).toBe(true)
    expect(parseCommandLine(['notify', '--help'])).toMatchObject({ help: true })
    expect(parseCommandLine(['--version']).version).toBe(true)
  })

  it('offers --wait and --wait-timeout-minutes on deploy and notify, the poll interval wherever it waits', () => {
    for (const name of ['deploy', 'notify']) {
      const flags = COMMANDS.find(c => c.name === name)!.flags.map(f => f.name)
      expect(flags).toEqual(
        expect.arrayContaining([
          'wait',
          'wait-timeout-minutes',
          'poll-interval-seconds',
          'run-variable',
          'junit'
        ])
      )
    }
    const wait = COMMANDS.find(c => c.name === 'wait')!.flags.map(f => f.name)
    expect(wait).toEqual(
      expect.arrayContaining(['run-id', 'wait-timeout-minutes', 'poll-interval-seconds'])
    )
    expect(wait).not.toContain('wait')
  })

  it('shows the Git context only for commands that send one', () => {
    const help = (name: string) => helpText(COMMANDS.find(c => c.name === name))
    expect(help('deploy')).toContain('The Git context comes from the CI')
    expect(help('wait')).not.toContain('Git context')
    expect(help('terminate')).not.toContain('Git context')
  })

  it('lists every command and every flag of a command in the help', () => {
    const top = helpText()
    for (const command of COMMANDS) {
      expect(top).toContain(command.name)
      const own = helpText(command)
      for (const flag of command.flags) expect(own).toContain(`--${flag.name}`)
    }
  })
})

describe('the exit code of several builds', () => {
  it('is the most severe cause, in the order docs/cli.md gives', async () => {
    const page = await readFile(join(ROOT, 'docs/cli.md'), 'utf8')
    const sentence =
      /the exit code is the most severe of the builds' causes, in this order: ([^.]*)\./.exec(
        page
      )![1]!
    const codes = [...sentence.matchAll(/(\d+)/g)].map(m => Number(m[1]))
    expect(codes).toEqual(CAUSE_SEVERITY.map(cause => EXIT[cause]))
  })
})
