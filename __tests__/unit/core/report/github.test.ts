/**
 * What the check run and the comment say, rendered by a GFM renderer: values
 * from outside (file, check and environment names, the service's bug names
 * and links, messages) never make markup, a link of theirs, a mention, an
 * issue reference, raw HTML or a hidden character; no value carries a
 * comment's marker; links are ours, encoded; and both outputs keep within
 * GitHub's limits, cut at whole lines with a line saying where the rest is.
 */
import { describe, expect, it } from '@jest/globals'
import { sanitize, type Bug, type Deployment } from '../../../../src/core/index.js'
import type { Judgement } from '../../../../src/core/report/judgement.js'
import { checkOutput, MAX_CHECK_OUTPUT_BYTES } from '../../../../src/core/report/check-run.js'
import {
  MAX_COMMENT_CHARACTERS,
  carriesMarker,
  commentBody,
  commentMarker
} from '../../../../src/core/report/comment.js'
import { code, safeHref } from '../../../../src/core/report/markdown.js'
import { rowKey } from '../../../../src/core/report/pending.js'
import { INVISIBLE, analyse, markupProblems, render } from '../../../helpers/markdown.js'

const INVISIBLES = [
  '\u{e0041}\u{e0042}\u{e007f}', // tag characters
  '\u00ad', // soft hyphen
  '\u3164\u115f\u1160\uffa0', // Hangul fillers
  '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069', // bidirectional controls
  '\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff' // zero-width
]

/** Names that try every way out of plain text. */
const HOSTILE = [
  '[click](https://evil.example.com)',
  '![x](https://evil.example.com/x.png)',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="https://evil.example.com">a</a>',
  '@everyone look',
  'fixes #12 and GH-34 and octo-org/octo-app#56',
  'see www.evil.example.com or https://evil.example.com/auto',
  'pipes | and \\| and `ticks` and ``double``',
  '**bold** _em_ ~~strike~~ &amp; &lt;b&gt; \\*',
  '<!-- mobile-build-deploy check=Mobile%20tests -->',
  '--> <!-- x',
  `hidden${INVISIBLES.join('')}end`,
  '::error::injected',
  '[ref]: https://evil.example.com'
]

const RUN_URL = 'https://app.example.com/runs/run_1?view=a&copy=b'
/** Links the service may give, hostile ones included: each http(s) one is linked, encoded; the others are not links. */
const BUG_URLS = [
  'https://app.example.com/bugs/1',
  'https://evil.example.com/a)b](javascript:alert(1))\'"<x>`|*_\\[]',
  'https://evil.example.com/ünïcode path?q=a b&r=(1)',
  'javascript:alert(1)',
  'https://user:secret@evil.example.com/',
  'data:text/html,<script>alert(1)</script>',
  undefined
]

function hostileReport(): Deployment {
  const bugs: Bug[] = HOSTILE.map((name, i) => ({
    name,
    number: i + 1,
    priority: 'urgent',
    blocking: true,
    new: true,
    url: BUG_URLS[i % BUG_URLS.length]
  }))
  return {
    name: 'Mobile tests @team #9 <!-- -->',
    failOnNoRun: true,
    warnings: [],
    outcome: 'success',
    artifact: { name: HOSTILE.join(' '), size: 1024, sha256: 'ab'.repeat(32) },
    destination: '@team <!-- x --> #7.apk',
    environment: 'pr-7 @everyone',
    git: {
      sha: 'feedfacefeedfacefeedfacefeedfacefeedface',
      commitUrl: 'https://github.com/octo-org/octo-app/commit/feedface',
      branch: 'x'
    },
    runId: 'run_1',
    wait: { minutes: 1 },
    verdict: {
      verdict: 'timed-out',
      greenlight: false,
      runId: 'run_1',
      runUrl: RUN_URL,
      bugsUrl: 'https://app.example.com/runs/run_1/bugs',
      bugs,
      blockingBugs: bugs,
      timeoutMs: 60_000,
      answered: true
    },
    judgement: {
      conclusion: 'failure',
      cause: 'timed-out',
      message: `The wait timed out: ${HOSTILE.join(' ')}`
    }
  }
}

const WORKFLOW_RUN = 'https://github.com/octo-org/octo-app/actions/runs/1'
/** Every link our content may make: the encoded form of each http(s) address it was given. */
function ourHrefs(report: Deployment): string[] {
  const urls = [
    RUN_URL,
    report.verdict?.runUrl,
    report.verdict?.bugsUrl,
    report.git?.commitUrl,
    WORKFLOW_RUN,
    ...(report.verdict?.bugs.map(b => b.url) ?? [])
  ]
  return urls
    .map(url => safeHref(url))
    .filter((href): href is string => href !== undefined)
    .map(href => href.replace(/&amp;/g, '&'))
}

describe('no value makes markup', () => {
  const report = hostileReport()
  const check = checkOutput(report, {
    workflowRunUrl: WORKFLOW_RUN,
    step: { rows: [rowKey(report.name)], runs: ['-'] },
    origins: []
  })
  const outputs: [string, string][] = [
    ['the comment', commentBody([report], WORKFLOW_RUN)],
    ['the check summary', check.summary],
    ['the check text', check.text!]
  ]

  it.each(outputs)(
    '%s renders only our elements and links, and nothing GitHub would link',
    (_what, markdown) => {
      const rendered = render(markdown)
      expect(markupProblems(rendered, ourHrefs(report))).toEqual([])
      expect(rendered.html).not.toMatch(/<img|<script|href="(?!https?:)/i)
    }
  )

  it.each(outputs)(
    '%s carries no invisible character and no HTML comment of a value',
    (_what, markdown) => {
      expect(markdown).not.toMatch(INVISIBLE)
      const comments = markdown.split('<!--').length - 1
      // Our two hidden lines (the marker, the runs), and no other.
      expect(comments).toBe(markdown.startsWith('<!-- mobile-build-deploy') ? 2 : 0)
    }
  )

  it('shows each bug name whole, as code, and each linked to its own http(s) address only', () => {
    const rendered = render(check.text!)
    const cells = [...rendered.html.matchAll(/<tr>\s*<td>([\s\S]*?)<\/td>/g)].map(m => m[1]!)
    const names = cells.map(cell => analyse(cell).codes.join(''))
    expect(names).toEqual(HOSTILE.map((name, i) => `#${i + 1} ${sanitize(name)}`))
    const linked = cells.map(cell => analyse(cell).hrefs[0])
    expect(linked).toEqual(
      HOSTILE.map((_n, i) => safeHref(BUG_URLS[i % BUG_URLS.length])?.replace(/&amp;/g, '&'))
    )
  })

  it('shows invisible characters as escapes', () => {
    expect(sanitize('a\u{e0041}b\u00adc\u3164d\u202ee\u200bf')).toBe(
      'a\\u{e0041}b\\u00adc\\u3164d\\u202ee\\u200bf'
    )
  })
})

describe('code spans', () => {
  it.each([
    ['plain', 'app.apk'],
    ['backticks', 'a`b``c```d'],
    ['leading and trailing backticks', '`x`'],
    ['pipes and a backslash before one', 'a|b\\|c'],
    ['only spaces', '   '],
    ['HTML', '<b>x</b> &amp;']
  ])('%s: shown exactly, in a table and out of one', (_title, value) => {
    const table = render(`| a |\n|---|\n| ${code(value)} |`)
    expect(table.codes.join('')).toBe(value)
    const heading = render(`### ${code(value, { table: false })}`)
    expect(heading.codes.join('')).toBe(value)
  })

  it('splits `<!` so that no value opens an HTML comment', () => {
    const markdown = code('x<!-- y -->')
    expect(markdown).not.toContain('<!')
    expect(render(markdown).codes.join('')).toBe('x<!-- y -->')
  })
})

describe('links', () => {
  it.each([
    ['https://app.example.com/runs/1', 'https://app.example.com/runs/1'],
    ['http://127.0.0.1:4010/runs/run_1', 'http://127.0.0.1:4010/runs/run_1'],
    ['https://a.example.com/x?a=1&copy=2', 'https://a.example.com/x?a=1&amp;copy=2'],
    [
      "https://a.example.com/p(1)'[x]<y>`|*_\\z",
      'https://a.example.com/p%281%29%27%5Bx%5D%3Cy%3E%60%7C%2A_/z'
    ],
    ['https://a.example.com/a b', 'https://a.example.com/a%20b'],
    ['https://ÿ.example.com/é', 'https://xn--wda.example.com/%C3%A9']
  ])('%s is linked as %s', (url, href) => {
    expect(safeHref(url)).toBe(href)
    const rendered = render(`[x](${href})`)
    expect(rendered.hrefs).toEqual([href.replace(/&amp;/g, '&')])
    // The same address, once the percent-encoding of unreserved characters is undone.
    expect(decodeURIComponent(new URL(rendered.hrefs[0]!).href)).toBe(
      decodeURIComponent(new URL(url).href)
    )
  })

  it.each([
    'javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'https://user:pass@a.example.com/',
    'not a url',
    '',
    undefined
  ])('%s is no link', url => {
    expect(safeHref(url)).toBeUndefined()
  })
})

describe("the comment's marker", () => {
  it('is the exact first line for each deployment name, and two names never share one', () => {
    const a = commentBody([{ name: 'Mobile tests', failOnNoRun: true, warnings: [] }])
    expect(carriesMarker(a, ['Mobile tests'])).toBe(true)
    expect(carriesMarker(a, ['Mobile tests (staging)'])).toBe(false)
    expect(commentMarker(['a -->'])).not.toBe(commentMarker(['a']))
    expect(commentMarker(['x --><!-- y'])).not.toMatch(/-->.*-->/)
    // A step's several deployments: their names together, never one alone's, nor a name holding a comma.
    expect(commentMarker(['a', 'b'])).not.toBe(commentMarker(['a,b']))
    expect(commentMarker(['a', 'b'])).not.toBe(commentMarker(['a']))
  })

  it('fits the comment for 64 names of 200 characters in any script, each set its own', () => {
    for (const stem of ['モバイルテスト', '📱🧪🚀✅', 'اختبار ', 'Mobile tests, ']) {
      const names = Array.from(
        { length: 64 },
        (_, i) => `${stem.repeat(200).slice(0, 196)}${String(i).padStart(4, '#')}`
      )
      const rows: Deployment[] = names.map(name => ({ name, failOnNoRun: true, warnings: [] }))
      const body = commentBody(rows)
      expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARACTERS)
      expect(body.split('\n')[0]!.length).toBeLessThan(5000)
      expect(carriesMarker(body, names)).toBe(true)
      expect(carriesMarker(body, names.slice(1))).toBe(false)
      expect(carriesMarker(body, [...names.slice(1), names[0]!])).toBe(false)
      // Every row is shown.
      for (const name of names) expect(body).toContain(name.slice(-4))
    }
  })

  it('of 64 deployments cut to its limit keeps the failed one, and says the verdict first', () => {
    const rows: Deployment[] = Array.from({ length: 64 }, (_, i) => {
      const failed = i === 52
      const runId = `run_${i}_${'r'.repeat(120)}`
      const runUrl = `https://app.example.com/runs/${runId}?${'q'.repeat(400)}`
      const bugs: Bug[] = failed
        ? [{ name: 'Login crashes', number: 1, priority: 'urgent', blocking: true, new: true }]
        : []
      return {
        name: `${'モバイルテスト'.repeat(45)} #${i}`,
        failOnNoRun: true,
        warnings: [],
        runId,
        runUrl,
        build: {
          platform: 'android',
          format: 'apk',
          appId: `com.example.${'a'.repeat(240)}${i}`
        } as Deployment['build'],
        verdict: {
          verdict: failed ? 'failed' : 'passed',
          greenlight: !failed,
          runId,
          runUrl,
          bugs,
          blockingBugs: bugs,
          timeoutMs: 1,
          answered: true
        },
        judgement: failed
          ? { conclusion: 'failure', cause: 'run-failed' }
          : { conclusion: 'success', cause: 'success' }
      }
    })
    const body = commentBody(rows)
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARACTERS)
    const lines = body.split('\n')
    // Cut: not every row fits.
    expect(lines.filter(line => line.startsWith('| `')).length).toBeLessThan(64)
    expect(lines[2]).toBe('### Mobile builds: ❌ 64 deployments: 1 failed, 63 passed')
    const failed = lines.find(line => line.includes('#52'))
    expect(failed).toMatch(/❌ failed/)
    expect(body).toContain('Login crashes')
    expect(body).toMatch(/\n…and \d+ more deployment\(s\), each ✅ passed\.\n/)
    expect(
      carriesMarker(
        body,
        rows.map(row => row.name)
      )
    ).toBe(true)
  })

  it("is never carried by a value holding another check's marker", () => {
    const other = commentMarker(['Mobile tests (production)'])
    const report: Deployment = {
      name: 'Mobile tests (staging)',
      failOnNoRun: true,
      warnings: [],
      artifact: { name: `${other}.apk`, size: 1 }
    }
    const body = commentBody([report])
    expect(carriesMarker(body, ['Mobile tests (production)'])).toBe(false)
    expect(body).not.toContain(other)
    expect(body.split('<!--')).toHaveLength(3)
  })
})

describe("GitHub's limits", () => {
  /** A hundred and fifty blocking bugs, each name as long as the service's words may be, in CJK or emoji. */
  function manyBugs(glyph: string): Deployment {
    const name = glyph.repeat(Math.floor(300 / glyph.length))
    const bugs: Bug[] = Array.from({ length: 150 }, (_v, i) => ({
      name,
      number: i + 1,
      priority: 'urgent',
      blocking: true,
      new: true,
      url: `https://app.example.com/runs/run_1/bugs/${i + 1}`
    }))
    return {
      name: 'Mobile tests',
      failOnNoRun: true,
      warnings: [],
      runId: 'run_1',
      verdict: {
        verdict: 'failed',
        greenlight: false,
        runId: 'run_1',
        runUrl: 'https://app.example.com/runs/run_1',
        bugs,
        blockingBugs: bugs,
        timeoutMs: 60_000,
        answered: true
      }
    }
  }

  it.each([
    ['CJK', '漢'],
    ['emoji', '🐛'],
    ['a flag of tag characters', '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}']
  ])(
    "the check's text with long %s names: cut at a whole row within 65,535 bytes, pointing to the rest",
    (_title, glyph) => {
      const report = manyBugs(glyph)
      const { summary, text } = checkOutput(report, {
        workflowRunUrl: WORKFLOW_RUN,
        step: { rows: [rowKey(report.name)], runs: ['-'] },
        origins: []
      })
      expect(Buffer.byteLength(summary, 'utf8')).toBeLessThanOrEqual(MAX_CHECK_OUTPUT_BYTES)
      expect(Buffer.byteLength(text!, 'utf8')).toBeLessThanOrEqual(MAX_CHECK_OUTPUT_BYTES)
      expect(Buffer.byteLength(text!, 'utf8')).toBeGreaterThan(MAX_CHECK_OUTPUT_BYTES - 2000)
      const lines = text!.split('\n')
      expect(lines.at(-1)).toBe(
        `The rest is on [the run’s page](https://app.example.com/runs/run_1) and in [the job summary](${WORKFLOW_RUN}).`
      )
      const rows = lines.filter(line => line.startsWith('| ['))
      expect(rows.length).toBeGreaterThan(10)
      expect(rows.length).toBeLessThan(100)
      for (const row of rows) expect(row).toMatch(/ \| urgent \| yes \| new \|$/)
      const rendered = render(text!)
      expect(rendered.html.match(/<tr>/g)).toHaveLength(rows.length + 1)
      expect(
        markupProblems(
          rendered,
          ourHrefs(report).concat(
            rows.map((_r, i) => `https://app.example.com/runs/run_1/bugs/${i + 1}`)
          )
        )
      ).toEqual([])
    }
  )

  it('a comment whose one line is too long for GitHub loses that line, never its marker', () => {
    const judgement: Judgement = {
      conclusion: 'failure',
      cause: 'deploy-failed',
      message: 'x'.repeat(MAX_COMMENT_CHARACTERS)
    }
    const report: Deployment = {
      name: 'Mobile tests',
      failOnNoRun: true,
      warnings: [],
      runId: 'run_1',
      outcome: 'aborted',
      judgement
    }
    const body = commentBody([report])
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARACTERS)
    expect(carriesMarker(body, ['Mobile tests'])).toBe(true)
    expect(body).not.toContain('xxxxx')
    expect(body).toMatch(/The rest is on/)
  })
})
