import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { createRoot, type Root } from 'react-dom/client'
import { i18n } from '@lingui/core'
import { pageLoad } from './features/shell/page-reload'
import { CHUNK_FAILURES_KEY } from './lib/chunk-load'
import { recoverFromStartFailure } from './start-failure'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

const failure = new TypeError(
  'Failed to fetch dynamically imported module: http://localhost/assets/app-start-1.js',
)
let root: Root
let container: HTMLElement

beforeEach(() => {
  sessionStorage.removeItem(CHUNK_FAILURES_KEY)
  container = document.body.appendChild(document.createElement('div'))
  root = createRoot(container)
})
afterEach(() => {
  act(() => {
    root.unmount()
  })
  container.remove()
  vi.restoreAllMocks()
})

describe('recoverFromStartFailure', () => {
  it('reloads once for a start that could not load, then says so on the page with a reload', () => {
    const reload = vi.spyOn(pageLoad, 'reload').mockImplementation(() => undefined)
    act(() => {
      recoverFromStartFailure(root, failure)
    })
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('heading')).toBeNull()

    act(() => {
      recoverFromStartFailure(root, failure)
    })
    expect(reload).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('heading', { name: 'Whitebox could not start' })).toBeInTheDocument()
    act(() => {
      screen.getByRole('button', { name: 'Reload' }).click()
    })
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
