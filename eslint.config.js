import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'
import regexp from 'eslint-plugin-regexp'

/** Within the core, arrows point one way: each folder may import only the folders listed for it. */
const CORE_LAYERS = {
  shared: [],
  transport: ['shared'],
  options: ['shared', 'transport', 'ci'],
  service: ['shared', 'transport'],
  ci: ['shared'],
  inspect: ['shared', 'transport'],
  upload: ['shared', 'transport', 'service'],
  verdict: ['shared', 'transport', 'service'],
  report: ['shared', 'options', 'inspect'],
  // What every code host shares (the reporter's seam, the host API): hosts build on it, never the reverse.
  host: ['shared', 'transport', 'report'],
  gitlab: ['shared', 'transport', 'options', 'report', 'host'],
  bitbucket: ['shared', 'transport', 'options', 'report', 'host'],
  deploy: [
    'shared',
    'transport',
    'options',
    'service',
    'upload',
    'verdict',
    'inspect',
    'ci',
    'report',
    'github',
    'gitlab',
    'bitbucket',
    'host'
  ],
  github: ['shared', 'transport', 'options', 'report', 'ci', 'host']
}
const FOLDERS = Object.keys(CORE_LAYERS)

export default tseslint.config(
  // wrappers/install-cli.js is the program the docs run with node -e, word for word: a CommonJS script, as node -e reads one.
  { ignores: ['dist/', 'build/', 'node_modules/', 'coverage/', 'wrappers/install-cli.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off'
    }
  },
  // The core serves every front end: it speaks no workflow commands and imports no front end.
  ...FOLDERS.map(folder => ({
    files: [`src/core/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@actions/core', message: 'The core is platform-neutral: report through Log.' },
            ...(folder === 'github'
              ? []
              : [{ name: '@actions/github', message: "GitHub's API is reached through github/." }]),
            {
              name: '@actions/glob',
              message: 'It logs workflow commands; the core uses tinyglobby.'
            }
          ],
          patterns: [
            {
              group: [
                '**/action/**',
                '**/cli/**',
                '**/library/**',
                '../../index.js',
                '../index.js'
              ],
              message: 'Arrows go down: a front end imports the core, never the reverse.'
            },
            {
              group: FOLDERS.filter(
                other => other !== folder && !CORE_LAYERS[folder].includes(other)
              ).map(other => `../${other}/**`),
              message: `Arrows between the core's folders point one way: ${folder}/ may import ${CORE_LAYERS[folder].join(', ') || 'no other folder'}.`
            },
            {
              group: folder === 'service' ? [] : ['../service/v0/**'],
              message:
                'The service is reached through service/api.ts, whatever version of its API is spoken.'
            }
          ].filter(pattern => pattern.group.length > 0)
        }
      ]
    }
  })),
  {
    // Front ends reach the core through its entry point, and the reader's boot through core/warm.ts.
    files: ['src/action/**/*.ts', 'src/cli/**/*.ts', 'src/library/**/*.ts', 'src/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/core/**', '!**/core/index.js', '!**/core/warm.js'],
              message:
                'Import the core through src/core/index.ts, its entry point (or core/warm.ts, the reader’s boot alone).'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/cli/**/*.ts', 'src/library/**/*.ts', 'src/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@actions/core', message: 'Workflow commands belong to the action alone.' },
            {
              name: '@actions/github',
              message: "GitHub's API is reached through the core's github/."
            }
          ],
          patterns: [
            {
              group: ['**/core/**', '!**/core/index.js', '!**/core/warm.js'],
              message:
                'Import the core through src/core/index.ts, its entry point (or core/warm.ts, the reader’s boot alone).'
            },
            { group: ['**/action/**'], message: 'Front ends do not import each other.' },
            {
              group: ['**/cli/**'],
              message: 'Front ends do not import each other.',
              allowTypeImports: false
            }
          ]
        }
      ]
    }
  },
  // One count of a function's and a file's length, as they read (comments and blank lines count): at most
  // 60 lines a function (two with their reason where they stand), 300 a file.
  {
    files: ['src/**/*.ts', 'emulator/**/*.ts', 'script/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 60, skipComments: false, skipBlankLines: false, IIFEs: true }
      ],
      'max-lines': ['error', { max: 300, skipComments: false, skipBlankLines: false }]
    }
  },
  // A build's text is a stranger's: no pattern over it may backtrack for long on a crafted input
  // (__tests__/unit/core/inspect/patterns.test.ts refuses nested quantifiers besides).
  {
    files: ['src/core/inspect/**/*.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error'
    }
  }
)
