import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MAX_SAVED_FILE_BYTES } from '@shared/desktop'
import type { SaveFile } from '@shared/desktop'
import { AppDepsContext } from '../data/app-deps'
import type { AppDeps } from '../data/app-deps'
import { createFakeMarket } from '../../../../test/support/renderer/fake-market'
import { ToastProvider } from './Toasts'
import { useSaveExport } from './use-save-export'

function ExportButton(props: { blob: Blob }) {
  const saveExport = useSaveExport()
  const made = { suggestedName: 'market-x.csv', blob: props.blob, saved: { title: 'CSV exported' } }
  return (
    <button type="button" onClick={() => void saveExport('csv', 'CSV export failed', () => made)}>
      Export
    </button>
  )
}

function renderExport(blob: Blob, saveFile: SaveFile) {
  const market = Object.assign(createFakeMarket(), { saveFile })
  render(
    <AppDepsContext.Provider value={{ market } as unknown as AppDeps}>
      <ToastProvider>
        <ExportButton blob={blob} />
      </ToastProvider>
    </AppDepsContext.Provider>
  )
}

describe('useSaveExport', () => {
  afterEach(() => vi.restoreAllMocks())

  it('saves through the native dialog, and a file over its limit as a download', async () => {
    const saveFile = vi.fn<SaveFile>(() => Promise.resolve({ ok: true, data: { saved: true } }))
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() })
    renderExport(new Blob(['a,b\r\n'], { type: 'text/csv' }), saveFile)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(saveFile).toHaveBeenCalledOnce())
    expect(clicked).not.toHaveBeenCalled()
    expect(await screen.findByText('CSV exported')).toBeInTheDocument()

    const huge = { size: MAX_SAVED_FILE_BYTES + 1, type: 'text/csv' } as Blob
    renderExport(huge, saveFile)
    const [, second] = screen.getAllByRole('button', { name: 'Export' })
    if (!second) throw new Error('the second export button is missing')
    await userEvent.setup().click(second)
    await waitFor(() => expect(clicked).toHaveBeenCalledOnce())
    expect(saveFile).toHaveBeenCalledOnce()
  })
})
