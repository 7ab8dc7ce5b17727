import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{main,preload,shared,service,cli}/**/*.test.ts',
            'scripts/**/*.test.ts',
            'e2e/harness/**/*.test.ts'
          ],
          testTimeout: 20_000
        }
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/src/test/setup.ts'],
          testTimeout: 20_000
        }
      }
    ]
  }
})
