/** Shown when the page has no `window.market` (no preload, no harness): a plain screen. */
export function MissingBridge() {
  return (
    <main className="screen" data-app-state="error">
      <h1>Market Explorer cannot reach its data</h1>
      <p>
        This page expects <code>window.market</code>, provided by the desktop app (or a test
        harness). Open Market Explorer from the app instead of a plain browser.
      </p>
    </main>
  )
}
