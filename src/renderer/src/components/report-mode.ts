/**
 * While a location report is being printed the page is laid out as the report: light colours
 * whatever the theme, one column at the paper's width whatever the window's, charts still (no
 * animation), only the chosen sections. <html data-report="A4" data-report-omit="growth …"> drives
 * the stylesheet (features/location/report-print.css); this store tells components.
 */
import { useSyncExternalStore } from 'react'
import type { PaperSize } from '@shared/report'

const REPORT_SECTIONS = ['prices', 'growth', 'yields', 'net-yield', 'history'] as const
export type ReportSection = (typeof REPORT_SECTIONS)[number]

/** The free notes printed at the top of the report: bounded like any typed text. */
export const REPORT_NOTES_MAX = 2000

export interface ReportChoice {
  paper: PaperSize
  sections: ReadonlySet<ReportSection>
  notes: string
}

let current: ReportChoice | undefined
const listeners = new Set<() => void>()

function setReport(choice: ReportChoice | undefined): void {
  current = choice
  const root = document.documentElement.dataset
  if (choice) {
    root['report'] = choice.paper
    const omitted = REPORT_SECTIONS.filter((section) => !choice.sections.has(section))
    root['reportOmit'] = omitted.join(' ')
  } else {
    delete root['report']
    delete root['reportOmit']
  }
  for (const listener of listeners) listener()
}

export const startReport = (choice: ReportChoice): void => setReport(choice)
export const endReport = (): void => setReport(undefined)

/** The report being printed, or undefined on screen. */
export function useReportMode(): ReportChoice | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
    () => undefined
  )
}
