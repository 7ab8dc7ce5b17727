/**
 * Layering rules, checked by `npm run lint` (npm run lint:layers). What each folder may import is
 * described in docs/architecture.md; this file is the enforcement.
 *
 * The renderer (src/renderer/src) is layered bottom to top, each layer importing only those below:
 *
 *   lib  <-  stores  <-  offline-cache, history  <-  data  <-  components  <-  features  <-  app
 *
 * - lib/: pure logic and small browser helpers (formatting, search, routes); imports none of ours.
 * - stores/: the small persisted UI stores (saved, recent, compare list); builds on lib/.
 * - offline-cache/: the persisted query cache (IndexedDB storage, restore, a write per answer).
 * - history/: the observed history (its IndexedDB storage, its bound). Neither knows the other.
 * - data/: data access over window.market: query factories, the batching transport, hooks; it
 *   hands window.market, the offline cache, the history and the stores to the UI (app-deps.tsx).
 * - components/: shared UI, including what two screens share (the location picker).
 * - features/<screen>/: one screen each; never another screen.
 * - app/: the shell (routing, sidebar, theme, shortcuts) that composes the screens.
 * main.tsx (the composition root) may import any layer; the renderer's tests may also use its test
 * support, test/support/renderer/ (and test/support/shared/).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment:
        'An import these rules cannot resolve escapes them: a new path alias must be declared in the tsconfig named below.',
      from: {},
      to: { couldNotResolve: true }
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Import cycles make modules impossible to understand (and to load) on their own.',
      from: {},
      to: { circular: true }
    },
    {
      name: 'shared-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'src/shared is the contract every process reads: it depends on no other folder of ours.',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: { path: '^(src/(?!shared/)|e2e/|test/|bench/|reliability/|scripts/)' }
    },
    {
      name: 'renderer-stays-in-the-renderer',
      severity: 'error',
      comment:
        'The sandboxed renderer reaches main only through window.market: no main, service, CLI, e2e or test-support code.',
      from: { path: '^src/renderer/' },
      to: {
        path: '^(src/(main|service|cli|preload)/|e2e/|test/(?!support/(shared|renderer)/)|bench/|reliability/|scripts/)'
      }
    },
    {
      name: 'renderer-has-no-node',
      severity: 'error',
      comment: 'The renderer runs sandboxed in a browser: no Node built-ins.',
      from: { path: '^src/renderer/', pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['core'] }
    },
    {
      name: 'service-stands-alone',
      severity: 'error',
      comment: 'The embedded service implements the public spec; it knows nothing of the app.',
      from: { path: '^src/service/' },
      to: { path: '^src/(main|renderer|cli|preload)/' }
    },
    {
      name: 'preload-only-shared-and-electron',
      severity: 'error',
      comment: 'The sandboxed preload bundles to one CJS file that requires nothing but electron.',
      from: { path: '^src/preload/', pathNot: '\\.test\\.ts$' },
      to: {
        pathNot: '^(src/(shared|preload)/|node_modules/electron/)',
        dependencyTypesNot: ['type-only']
      }
    },
    {
      name: 'main-does-not-reach-into-ui',
      severity: 'error',
      from: { path: '^src/(main|cli)/' },
      to: { path: '^src/renderer/' }
    },
    {
      name: 'renderer-lib-is-pure',
      severity: 'error',
      comment:
        'lib/ is the bottom layer: it imports nothing else of the renderer (its tests may use test/support/renderer/).',
      from: { path: '^src/renderer/src/lib/' },
      to: { path: '^src/renderer/src/(?!lib/)' }
    },
    {
      name: 'renderer-components-below-features-and-app',
      severity: 'error',
      from: { path: '^src/renderer/src/components/' },
      to: { path: '^src/renderer/src/(features|app)/' }
    },
    {
      name: 'renderer-data-layer-below-ui',
      severity: 'error',
      comment:
        'data/, offline-cache/, history/ and stores/ hold data and state; the UI builds on them, not the other way round.',
      from: { path: '^src/renderer/src/(data|offline-cache|history|stores)/' },
      to: { path: '^src/renderer/src/(components|features|app)/' }
    },
    {
      name: 'renderer-storage-below-data-access',
      severity: 'error',
      comment:
        'offline-cache/, history/ and stores/ are what data/ builds on; each stands on its own.',
      from: {
        path: '^src/renderer/src/(offline-cache|history|stores)/',
        pathNot: '\\.test\\.tsx?$'
      },
      to: {
        path: '^src/renderer/src/(data|offline-cache|history|stores)/',
        pathNot: '^src/renderer/src/$1/'
      }
    },
    {
      name: 'renderer-features-are-independent',
      severity: 'error',
      comment:
        'A screen never imports another screen; what two screens share moves to components/ or lib/.',
      from: { path: '^src/renderer/src/features/([^/]+)/' },
      to: {
        path: '^src/renderer/src/features/([^/]+)/',
        pathNot: '^src/renderer/src/features/$1/'
      }
    },
    {
      name: 'renderer-features-below-app',
      severity: 'error',
      from: { path: '^src/renderer/src/features/' },
      to: { path: '^src/renderer/src/app/' }
    },
    {
      name: 'product-code-never-imports-tests',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '(\\.test\\.tsx?$|/test/|^test/|^e2e/)' }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      // Build output and generated reports, and src/renderer/scripts/ (issue 13 section 3 removes
      // it; what stays moves to e2e/, where these rules then apply to it).
      path: '^(out|dist|coverage|node_modules|test-results|playwright-report|bench/results|reliability/results|e2e/screenshots)/|^src/renderer/scripts/'
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json']
    },
    reporterOptions: { text: { highlightFocused: true } }
  }
}
