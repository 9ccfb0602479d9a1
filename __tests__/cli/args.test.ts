import { describe, expect, it } from '@jest/globals'
import { COMMANDS, helpText, parseCommandLine, UsageError } from '../../src/cli/args.js'

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
      file: 'app.apk',
      'name-prefix': 'myapp',
      'fail-on-no-run': false,
      'ephemeral-environment': true,
      json: true,
      notify: undefined
    })
  })

  it.each([
    [['nope'], 'Unknown command "nope"'],
    [['deploy', '--bogus'], "Unknown option '--bogus'"],
    [['upload', '--run-input-path', 'a.apk'], "Unknown option '--run-input-path'"],
    [['deploy', '--file'], "'--file <value>' argument missing"],
    [['deploy', 'stray'], 'positional argument'],
    [['deploy', '--json=maybe'], '--json takes true or false'],
    [['deploy', '--notify', '--no-notify'], 'contradict']
  ])('%j is bad usage: %s', (argv, words) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError)
    expect(() => parseCommandLine(argv)).toThrow(words)
  })

  it('asks for help without a command, and with --help', () => {
    expect(parseCommandLine([]).help).toBe(true)
    expect(parseCommandLine(['notify', '--help'])).toMatchObject({ help: true })
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
