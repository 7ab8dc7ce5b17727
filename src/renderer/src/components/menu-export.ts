/**
 * Which export the application menu's "Export table as CSV / chart as PNG / report as PDF" runs:
 * the mounted export of that kind holding focus, else the first on the page.
 */
import { useEffect, useEffectEvent } from 'react'
import type { RefObject } from 'react'

export type MenuExportKind = 'csv' | 'png' | 'report'

interface MenuExportTarget {
  kind: MenuExportKind
  element: RefObject<HTMLElement | null>
  run: () => void
}

const targets = new Set<MenuExportTarget>()

function documentOrder(a: MenuExportTarget, b: MenuExportTarget): number {
  const first = a.element.current
  const second = b.element.current
  if (!first || !second) return 0
  return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1
}

/** Runs the export of `kind` the menu means; false when nothing on screen exports that kind. */
export function runMenuExport(kind: MenuExportKind): boolean {
  const candidates = [...targets]
    .filter((target) => target.kind === kind && target.element.current?.isConnected)
    .sort(documentOrder)
  const focused = candidates.find((target) =>
    target.element.current?.contains(document.activeElement)
  )
  const chosen = focused ?? candidates[0]
  chosen?.run()
  return chosen !== undefined
}

/** Offers `run` to the menu while mounted and `enabled`. */
export function useMenuExport(
  kind: MenuExportKind,
  element: RefObject<HTMLElement | null>,
  run: () => void,
  enabled = true
): void {
  const runLatest = useEffectEvent(run)
  useEffect(() => {
    if (!enabled) return undefined
    const target: MenuExportTarget = { kind, element, run: () => runLatest() }
    targets.add(target)
    return () => void targets.delete(target)
  }, [kind, element, enabled])
}
