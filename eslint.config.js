import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import prettier from 'eslint-config-prettier'

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/screenshots/**',
      '.dependency-cruiser.cjs'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }]
    }
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}', 'test/support/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules
  },
  {
    files: [
      'src/service/cli.ts',
      'src/service/data/generate.ts',
      'src/cli/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
      'e2e/**/*.ts',
      'reliability/report.ts'
    ],
    rules: { 'no-console': 'off' }
  },
  {
    // Playwright fixtures must destructure their (empty) dependencies.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' }
  },
  prettier
)
