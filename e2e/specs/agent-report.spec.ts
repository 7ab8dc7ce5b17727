/**
 * Issue 29, the agent's journey: location → Export report → a PDF for a client with both price
 * paths, the agent block, notes, page numbers and a footer, and no app instructions. Main's own
 * exporter (createReportExporter) runs with page.pdf standing in for webContents.printToPDF, given
 * the options main would pass; the PDF's pages are read and rendered to PNG with poppler-utils.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { Page } from '@playwright/test'
import { createFileSaver, createReportExporter } from '../../src/main/save-dialog/save-file'
import type { ReportPdfOptions } from '../../src/main/save-dialog/save-file'
import { silentLogger } from '../../src/main/logging/logger'
import { expect, test } from '../harness/fixtures'
import { readPdfPages } from '../harness/pdf-pages'
import { SCREENSHOT_DIR } from '../harness/paths'
import { screenshotBothSizes } from '../harness/screenshots'

const LEKKI = '#/location/residential/NG/lekki-phase-1'
const AGENT = { name: 'Ada Obi', agency: 'Obi & Partners Realty', contact: 'ada@obi.example' }
const NOTES = 'Two viewings booked for Saturday. Service charge confirmed with the estate.'
/** Words of the app's screens that have no place on a client's paper. */
const APP_WORDS = ['in Settings', 'Export report', 'Save PDF', 'Cancel', 'Refresh', 'Check again']
/** The light theme's axis colour (--chart-axis): never the dark one on paper. */
const LIGHT_AXIS = 'rgb(95, 102, 115)'

/** Electron's printToPDF options as Playwright's page.pdf takes them. */
const asPlaywrightPdf = (options: ReportPdfOptions) => ({
  format: options.pageSize,
  printBackground: options.printBackground,
  displayHeaderFooter: options.displayHeaderFooter,
  headerTemplate: options.headerTemplate,
  footerTemplate: options.footerTemplate
})

/** What the page looks like the moment it is printed. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)?.getBoundingClientRect()
    return {
      report: document.documentElement.dataset['report'],
      background: getComputedStyle(document.body).backgroundColor,
      axisFill: document.querySelector('.recharts-cartesian-axis-tick-value')?.getAttribute('fill'),
      tableFade: [...document.querySelectorAll('.scroll-cue-frame')].map(
        (frame) => getComputedStyle(frame, '::after').display
      ),
      screenWidth: box('.screen')?.width ?? 0,
      chartWidths: [...document.querySelectorAll('.chart-frame .recharts-wrapper')].map(
        (svg) => svg.getBoundingClientRect().width
      ),
      pricePaths: [...document.querySelectorAll('.chart-frame h3')]
        .map((title) => title.textContent ?? '')
        .filter((title) => title.includes('price path'))
    }
  })

test('the agent: a report with both price paths, the agent block and page numbers, light on paper from a dark 960 px window', async ({
  app
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'market-report-'))
  const { page, handlers } = app
  const printed: Array<Awaited<ReturnType<typeof measure>>> = []
  app.exportReportsWith(
    createReportExporter({
      printToPdf: async (options) => {
        printed.push(await measure(page))
        return page.pdf(asPlaywrightPdf(options))
      },
      save: createFileSaver({
        showSaveDialog: async (dialog) => ({
          canceled: false,
          filePath: join(folder, basename(dialog.defaultPath ?? ''))
        }),
        writeFile: (path, bytes) => writeFile(path, bytes),
        folder: () => folder,
        logger: silentLogger
      })
    })
  )
  try {
    // The agent's name, agency and contact, typed once in Settings.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.setViewportSize({ width: 1280, height: 800 })
    await app.open()
    await page.getByTestId('nav-settings').click()
    const form = page.getByTestId('agent-settings')
    for (const [field, value] of Object.entries(AGENT)) {
      await form.getByTestId(`agent-${field}`).fill(value)
    }
    await form.getByTestId('agent-save').click()
    await expect(form.getByTestId('agent-save')).toBeDisabled()
    expect(await handlers.getSettings()).toMatchObject({ ok: true, data: { agent: AGENT } })
    await form.scrollIntoViewIfNeeded()
    await screenshotBothSizes(page, 'settings-report-agent')

    await page.goto(`${app.url}${LEKKI}`)
    await expect(page.locator('tr[data-beds="4"] .cell-value').first()).toBeVisible()

    await page.getByTestId('export-report').click()
    const dialog = page.getByTestId('report-dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('report-section-prices')).toBeFocused()
    await expect(dialog.getByTestId('report-dialog-agent')).toContainText('Prepared by Ada Obi')
    await dialog.getByTestId('report-notes-input').fill(NOTES)
    await screenshotBothSizes(page, 'location-report-dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByTestId('export-report')).toBeFocused()

    // The worst case of the issue: dark theme, the smallest window, the rent path on screen.
    await handlers.updateSettings({ theme: 'dark' })
    await page.setViewportSize({ width: 960, height: 600 })
    await page.reload()
    await expect(page.locator('tr[data-beds="4"] .cell-value').first()).toBeVisible()
    await page
      .getByRole('group', { name: 'Price path transaction type' })
      .getByRole('radio', { name: 'Rent' })
      .click()
    await expect(page.getByRole('heading', { name: 'Implied rent price path' })).toBeVisible()
    await page.getByTestId('export-report').click()
    await dialog.getByTestId('report-notes-input').fill(NOTES)
    await dialog.getByTestId('report-save').click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Report saved' })).toBeVisible()
    await expect(page.locator('html')).not.toHaveAttribute('data-report')

    const [atPrint] = printed
    expect(atPrint?.report).toBe('A4')
    expect(atPrint?.background).toBe('rgb(255, 255, 255)')
    expect(atPrint?.axisFill).toBe(LIGHT_AXIS)
    expect(atPrint?.tableFade).toEqual(['none'])
    expect(atPrint?.pricePaths).toEqual(['Implied sale price path', 'Implied rent price path'])
    // Charts at the paper's full width (the frame's padding aside), one under another.
    for (const width of atPrint?.chartWidths ?? []) {
      expect(width).toBeGreaterThan((atPrint?.screenWidth ?? 0) * 0.9)
    }

    const name = (await page.getByTestId('toast').filter({ hasText: 'Report saved' }).textContent())
      ?.replace('Report saved', '')
      .trim()
    expect(name).toMatch(/^market-report-lekki-phase-1-\d{4}-\d{2}-\d{2}\.pdf/)
    const pdf = readPdfPages(
      join(folder, name?.match(/market-report-[\w-]+\.pdf/)?.[0] ?? ''),
      join(SCREENSHOT_DIR, 'report-a4-dark-960')
    )
    expect(pdf.size).toMatch(/\(A4\)/)
    const pages = pdf.texts.map((text) => text.replace(/\s+/g, ' '))
    expect(pages.length).toBeGreaterThanOrEqual(2)
    expect(pdf.pngs).toHaveLength(pages.length)
    pages.forEach((text, index) => {
      expect(text).toContain(`Page ${index + 1} of ${pages.length}`)
      expect(text).toMatch(/Source: the bundled demo dataset · As of .+ · DEMO DATA/)
    })
    const [first = ''] = pages
    expect(first).toContain('Lekki Phase 1')
    expect(first).toContain('Prepared by Ada Obi, Obi & Partners Realty')
    expect(first).toContain(AGENT.contact)
    expect(first).toContain(NOTES)
    // Page 1 is not half empty: the price table starts under the header.
    expect(first).toContain('Prices, yield and growth')
    expect(first).toMatch(/sale price/i)
    expect(first).toContain('4 bed / duplex')
    const all = pages.join(' ')
    expect(all).toContain('Implied sale price path')
    expect(all).toContain('Implied rent price path')
    expect(all).toContain('Net yield')
    for (const words of APP_WORDS) expect(all).not.toContain(words)

    // Letter, without growth: the paper the dialog chose, the section left out.
    await page.getByTestId('export-report').click()
    await dialog.getByTestId('report-section-growth').uncheck()
    await dialog.getByLabel('Letter').check()
    await dialog.getByTestId('report-save').click()
    await expect.poll(() => printed.length).toBe(2)
    expect(printed[1]?.report).toBe('Letter')
    await expect(page.locator('html')).not.toHaveAttribute('data-report')
    const letter = readPdfPages(
      join(folder, name?.match(/market-report-[\w-]+\.pdf/)?.[0] ?? ''),
      join(SCREENSHOT_DIR, 'report-letter-no-growth')
    )
    expect(letter.size).toMatch(/\(letter\)/)
    const letterText = letter.texts.join(' ').replace(/\s+/g, ' ')
    expect(letterText).not.toContain('Growth by bed type')
    expect(letterText).not.toContain('Sale growth')
    expect(letterText).toContain('Implied rent price path')

    // Land: its price, growth and path, with the same agent block and footer.
    await page.goto(`${app.url}#/location/land/NG/ikoyi`)
    await expect(page.getByTestId('land-price').locator('.stat-value')).toHaveText(/\d/)
    await page.getByTestId('export-report').click()
    await dialog.getByTestId('report-save').click()
    await expect.poll(() => printed.length).toBe(3)
    await expect(page.locator('html')).not.toHaveAttribute('data-report')
    const land = readPdfPages(
      join(folder, `market-report-ikoyi-${name?.match(/\d{4}-\d{2}-\d{2}/)?.[0] ?? ''}.pdf`),
      join(SCREENSHOT_DIR, 'report-land')
    )
    const landPages = land.texts.map((text) => text.replace(/\s+/g, ' '))
    expect(landPages[0]).toContain('Prepared by Ada Obi, Obi & Partners Realty')
    expect(landPages.join(' ')).toContain('Implied land price path')
    landPages.forEach((text, index) =>
      expect(text).toContain(`Page ${index + 1} of ${landPages.length}`)
    )
    for (const words of APP_WORDS) expect(landPages.join(' ')).not.toContain(words)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
})
