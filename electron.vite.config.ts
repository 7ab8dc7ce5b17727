import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import react from '@vitejs/plugin-react'
import { appVersionDefine } from './scripts/app-version-define'

/** `@shared/x` is src/shared/x everywhere (tsconfig.base.json declares the same alias). */
const resolveShared = { alias: { '@shared': resolve(__dirname, 'src/shared') } }

export default defineConfig({
  main: {
    resolve: resolveShared,
    build: {
      outDir: 'out/main',
      rolldownOptions: { input: { index: resolve(__dirname, 'src/main/index.ts') } }
    }
  },
  preload: {
    resolve: resolveShared,
    build: {
      outDir: 'out/preload',
      // A sandboxed preload may only require('electron'): bundle everything else into one CJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  renderer: {
    root: 'src/renderer',
    resolve: resolveShared,
    plugins: [react()],
    // Only the version string reaches the bundle, never package.json itself.
    define: appVersionDefine(readFileSync(resolve(__dirname, 'package.json'), 'utf8')),
    build: {
      outDir: 'out/renderer',
      minify: true,
      rolldownOptions: { input: { index: resolve(__dirname, 'src/renderer/index.html') } }
    }
  }
})
