/**
 * axe-core scans for the accessibility spec: WCAG 2.2 A/AA rules plus axe's best practices. Serious
 * and critical findings are returned for the spec to fail on; moderate and minor ones are printed so
 * they stay visible without failing the run.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']
export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]

export interface Finding {
  state: string
  rule: string
  impact: string
  help: string
  /** Up to three offending elements, each with axe's summary (e.g. the contrast ratio). */
  targets: string[]
}

function describe(finding: Finding): string {
  const where = finding.targets.map((target) => `\n      ${target}`).join('')
  return `  [${finding.impact}] ${finding.state} ${finding.rule}: ${finding.help}${where}`
}

/**
 * Scans the page as it is now. `contrastOnly` runs the colour-contrast rule alone (the other rules
 * do not depend on the theme). AxeBuilder evaluates the 500 kB axe source twice on every analyze
 * (about a second each on a busy 2-core machine); once a document has it, a no-op source is passed.
 */
export async function scan(
  page: Page,
  state: string,
  { contrastOnly }: { contrastOnly: boolean }
): Promise<Finding[]> {
  const injected = await page.evaluate(() => 'axe' in window)
  const builder = new AxeBuilder({ page, ...(injected ? { axeSource: 'void 0' } : {}) })
  builder.setLegacyMode(true)
  if (contrastOnly) builder.withRules(['color-contrast'])
  else builder.withTags(TAGS)
  const results = await builder.analyze()
  const blocking: Finding[] = []
  for (const violation of results.violations) {
    const finding: Finding = {
      state,
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')} —${node.failureSummary?.split('\n')[1] ?? ''}`)
    }
    if (finding.impact === 'serious' || finding.impact === 'critical') blocking.push(finding)
    else console.log(`axe (not failing) ${describe(finding)}`)
  }
  return blocking
}

/** One line per finding, for the failure message. */
export function report(findings: readonly Finding[]): string {
  return findings.map(describe).join('\n')
}
