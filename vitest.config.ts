import { configDefaults, defineConfig } from 'vitest/config'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { appVersionDefine } from './scripts/app-version-define'

/** `@shared/x` is src/shared/x everywhere (tsconfig.base.json declares the same alias). */
const resolveShared = { alias: { '@shared': resolve(import.meta.dirname, 'src/shared') } }

export default defineConfig({
  test: {
    projects: [
      {
        resolve: resolveShared,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{main,preload,shared,service,cli}/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/harness/**/*.test.ts',
            'reliability/lib/**/*.test.ts',
            'bench/**/*.test.ts'
          ],
          // The reliability suite runs only in its own project (minutes, not seconds).
          exclude: [...configDefaults.exclude, '**/*.reliability.test.ts'],
          testTimeout: 20_000,
          // Transformed by vitest, so its `import electron from 'electron'` gets the mocked module.
          server: { deps: { inline: ['electron-store'] } }
        }
      },
      {
        resolve: resolveShared,
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['reliability/**/*.reliability.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 60_000,
          fileParallelism: false
        }
      },
      {
        resolve: resolveShared,
        test: {
          name: 'smoke',
          environment: 'node',
          // The built app under plain Node (npm run test:smoke builds it first).
          include: ['e2e/main-bundle/**/*.smoke.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 60_000
        }
      },
      {
        resolve: resolveShared,
        test: {
          name: 'package',
          environment: 'node',
          // electron-builder --dir, offline (npm run test:package; CI runs it after npm test).
          include: ['e2e/packaging/**/*.smoke.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 300_000
        }
      },
      {
        plugins: [react()],
        resolve: resolveShared,
        define: appVersionDefine(readFileSync('package.json', 'utf8')),
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/renderer/setup.ts'],
          testTimeout: 20_000
        }
      }
    ]
  }
})
