import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'off'
    }
  },
  {
    // The core serves every front end: it speaks no workflow commands and imports no front end.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@actions/core', message: 'The core is platform-neutral: report through Log.' },
            {
              name: '@actions/glob',
              message: 'It logs workflow commands; the core uses tinyglobby.'
            }
          ],
          patterns: [
            {
              group: ['../action/*', '../cli/*', '../index.js'],
              message: 'Arrows go down: a front end imports the core, never the reverse.'
            }
          ]
        }
      ]
    }
  },
  {
    files: ['src/cli/**/*.ts', 'src/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@actions/core', message: 'Workflow commands belong to the action alone.' }
          ],
          patterns: [
            {
              group: ['../action/*', './action/*'],
              message: 'Front ends do not import each other.'
            }
          ]
        }
      ]
    }
  }
)
