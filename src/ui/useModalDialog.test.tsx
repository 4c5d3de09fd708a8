import { StrictMode, useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useModalDialog } from './useModalDialog'

// jsdom has <dialog> without its methods: open and close it as a browser would.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false
  }
})

function TestDialog({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog(onClose)
  return (
    <dialog {...dialog.dialogProps} aria-label="Test dialog">
      <button type="button" onClick={dialog.close}>
        First
      </button>
      <a href="/help">Middle</a>
      <button type="button">Last</button>
      {/* The browser skips it: the trap must not count it as the last control. */}
      <button type="button" disabled>
        Disabled
      </button>
    </dialog>
  )
}

/** A page with an opener; the dialog is open while mounted, and its onClose unmounts it. */
function Page({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true)
        }}
      >
        Open
      </button>
      {open ? (
        <TestDialog
          onClose={() => {
            onClose()
            setOpen(false)
          }}
        />
      ) : null}
    </>
  )
}

async function openDialog(strict = false) {
  const onClose = vi.fn()
  const user = userEvent.setup()
  render(
    strict ? <StrictMode>{<Page onClose={onClose} />}</StrictMode> : <Page onClose={onClose} />,
  )
  const opener = screen.getByRole('button', { name: 'Open' })
  await user.click(opener)
  const dialog = screen.getByRole('dialog', { name: 'Test dialog' })
  return { user, onClose, opener, dialog }
}

describe('useModalDialog', () => {
  it.each([false, true])('opens modal with the dialog focused (StrictMode: %s)', async (strict) => {
    const { dialog } = await openDialog(strict)
    expect(dialog).toHaveProperty('open', true)
    expect(dialog).toHaveFocus()
  })

  it.each([
    { name: 'Tab on the last control', from: 'Last', shift: false, to: 'First' },
    { name: 'Shift+Tab on the first control', from: 'First', shift: true, to: 'Last' },
    { name: 'Shift+Tab on the dialog itself', from: null, shift: true, to: 'Last' },
    { name: 'Tab on the dialog itself', from: null, shift: false, to: 'First' },
    { name: 'Tab in the middle', from: 'First', shift: false, to: 'Middle' },
    { name: 'Shift+Tab in the middle', from: 'Last', shift: true, to: 'Middle' },
  ])('$name moves focus to $to', async ({ from, shift, to }) => {
    const { user, dialog } = await openDialog()
    if (from !== null) screen.getByText(from).focus()
    await user.tab({ shift })
    expect(screen.getByText(to)).toHaveFocus()
    expect(dialog).toHaveProperty('open', true)
  })

  it.each([
    {
      name: 'Escape',
      close: async (user: ReturnType<typeof userEvent.setup>) => {
        await user.keyboard('{Escape}')
      },
    },
    {
      name: 'a control that calls close',
      close: async (user: ReturnType<typeof userEvent.setup>) => {
        await user.click(screen.getByRole('button', { name: 'First' }))
      },
    },
    {
      name: 'the browser’s cancel (a close request)',
      close: (_user: ReturnType<typeof userEvent.setup>) => {
        const cancel = new Event('cancel', { cancelable: true })
        fireEvent(screen.getByRole('dialog'), cancel)
        // The owner closes it, by unmounting: the browser must not close it by itself.
        expect(cancel.defaultPrevented).toBe(true)
        return Promise.resolve()
      },
    },
  ])('$name closes through the callback and focus returns to the opener', async ({ close }) => {
    const { user, onClose, opener, dialog } = await openDialog()
    await close(user)
    expect(onClose).toHaveBeenCalledOnce()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(dialog).toHaveProperty('open', false)
    expect(opener).toHaveFocus()
  })

  // The what's-new dialog opens by itself after a sign-in, when the shell has focused <main>:
  // default focus() on return scrolled main's top to the top of the screen (under the navbar).
  it.each([
    { name: 'an opener on screen', top: 100, bottom: 144, scrolls: false },
    {
      name: 'a main taller than the screen, below the navbar',
      top: 57,
      bottom: 3000,
      scrolls: false,
    },
    { name: 'an opener partly above the screen', top: -20, bottom: 24, scrolls: false },
    { name: 'an opener below the screen', top: 2000, bottom: 2044, scrolls: true },
    { name: 'an opener above the screen', top: -300, bottom: -256, scrolls: true },
  ])('returning focus to $name scrolls the page: $scrolls', async ({ top, bottom, scrolls }) => {
    const { user, opener } = await openDialog()
    vi.spyOn(opener, 'getBoundingClientRect').mockReturnValue(
      new DOMRect(16, top, 200, bottom - top),
    )
    const focus = vi.spyOn(opener, 'focus')
    await user.keyboard('{Escape}')
    expect(focus).toHaveBeenCalledOnce()
    expect(focus.mock.lastCall?.[0]).toEqual(scrolls ? undefined : { preventScroll: true })
    expect(opener).toHaveFocus()
  })

  it('returns focus to the opener after StrictMode ran its effects twice', async () => {
    const { user, onClose, opener } = await openDialog(true)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
    expect(opener).toHaveFocus()
  })

  it('calls onClose once when close requests race (Escape, cancel, a click)', async () => {
    const onClose = vi.fn()
    const user = userEvent.setup()
    // An owner that has not unmounted the dialog yet when the next request comes.
    render(<TestDialog onClose={onClose} />)
    const dialog = screen.getByRole('dialog')
    await user.keyboard('{Escape}')
    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    await user.click(screen.getByRole('button', { name: 'First' }))
    expect(onClose).toHaveBeenCalledOnce()
  })
})
