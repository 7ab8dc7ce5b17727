/**
 * What each group must record: the command that records it, and the id of every row it must
 * produce. The report fails on a row missing from a group, a row no group declares, and a row
 * recorded twice; change this list together with the checks that produce the rows.
 */
import { OPERATION_NAMES } from '@shared/operations'
import { FAULT_NAMES } from '../../test/support/client/fault-catalogue'

export interface ExpectedGroup {
  group: string
  /** The command whose run records it, for "not run" rows. */
  source: string
  rows: readonly string[]
}

const NODE = 'npm run test:reliability:node'
const E2E = 'npm run test:e2e'

/** The twelve faults the client and the UI are put through. */
const FAULTS = FAULT_NAMES

export const EXPECTED_GROUPS: readonly ExpectedGroup[] = [
  {
    group: 'client-faults',
    source: NODE,
    rows: [...FAULTS.slice(0, 11), '10 MB body, length declared', ...FAULTS.slice(11)]
  },
  {
    group: 'client-hardening',
    source: NODE,
    rows: ['deadlines-and-cancellation', 'huge-messages', 'key-echo', 'implausible-answers']
  },
  { group: 'e2e-ui-faults', source: E2E, rows: FAULTS },
  // Every IPC operation is fuzzed: a new operation needs its row.
  { group: 'ipc-fuzz', source: NODE, rows: OPERATION_NAMES },
  {
    group: 'service-fuzz',
    source: NODE,
    rows: ['/locations', '/residential-prices', '/growth', '/land-prices', 'other paths']
  },
  {
    group: 'service-hardening',
    source: NODE,
    rows: ['answer-cache', 'connection-cap', 'key-check', 'cli-key', 'failures-below-routes']
  },
  { group: 'load', source: NODE, rows: ['soak'] },
  {
    group: 'persistence',
    source: NODE,
    rows: [
      'settings file truncated mid-way',
      'settings file of random bytes',
      'settings file empty (0 bytes)',
      'settings with some values of the wrong type',
      'a folder where the settings file should be',
      'saved key the OS keychain can no longer decrypt',
      'saved key ciphertext that is not base64 / not ours'
    ]
  },
  {
    group: 'settings-hardening',
    source: NODE,
    rows: [
      'read-only-folder',
      'hostile-settings-entry',
      'app-csv',
      'cli-csv',
      'cli-table',
      'cli-json',
      'cli-errors',
      'cli-unusable-tmp'
    ]
  },
  // Issue 28 findings 6 and 12: the CLI's routes.json, temp files left by a killed writer.
  { group: 'folder-files', source: NODE, rows: ['hostile-routes-entry', 'stray-temp-files'] },
  { group: 'e2e-damaged-cache', source: E2E, rows: ['damaged-records'] },
  {
    group: 'e2e-secrets',
    source: E2E,
    rows: [
      'DOM snapshots',
      'IndexedDB dumps',
      'window globals, localStorage, sessionStorage',
      'main-process log lines',
      'renderer console output',
      'data folder (settings file)',
      'every artifact classified'
    ]
  },
  { group: 'security-electronegativity', source: 'npm run security', rows: ['electronegativity'] },
  // Issue 19: nothing lost on quit, nothing hidden while waiting, no service left running.
  { group: 'e2e-quit', source: E2E, rows: ['quit right after a lookup'] },
  { group: 'e2e-waits', source: E2E, rows: ['rate-limited waits shown'] },
  { group: 'mode-switch', source: NODE, rows: ['mode switch'] },
  // Issue 28: hostile text, slow clients, rates and route paths; drawn text and local storage.
  {
    group: 'hostile-edges',
    source: NODE,
    rows: ['text-bounds', 'bidi-names', 'slowloris', 'currency-rates', 'route-paths']
  },
  { group: 'hostile-edges-renderer', source: NODE, rows: ['export-text', 'local-storage'] },
  // Issue 28: answer sizes and echoed keys; discovery's deadline and the observed history's order.
  { group: 'hostile-answers', source: NODE, rows: ['response-caps', 'key-encodings'] },
  { group: 'hostile-time', source: NODE, rows: ['discovery-deadline', 'history-order'] }
]
