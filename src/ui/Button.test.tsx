import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from './Button'

function Form({ loading, onSubmit }: { loading: boolean; onSubmit: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
      }}
    >
      <input aria-label="Email" />
      <Button type="submit" loading={loading}>
        Log in
      </Button>
    </form>
  )
}

describe('Button', () => {
  it('keeps its focus when it starts loading, marked busy and unavailable', () => {
    const { rerender } = render(<Form loading={false} onSubmit={vi.fn()} />)
    const button = screen.getByRole('button', { name: 'Log in' })
    button.focus()
    rerender(<Form loading onSubmit={vi.fn()} />)
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).toHaveAttribute('aria-disabled', 'true')
  })

  it.each([
    {
      how: 'a click',
      act: (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button')),
    },
    {
      how: 'Enter in a field',
      act: async (user: ReturnType<typeof userEvent.setup>) => {
        await user.type(screen.getByLabelText('Email'), 'a{Enter}')
      },
    },
  ])('sends the form once: $how while it loads does nothing', async ({ act }) => {
    const onSubmit = vi.fn()
    const user = userEvent.setup()
    const { rerender } = render(<Form loading={false} onSubmit={onSubmit} />)
    await act(user)
    expect(onSubmit).toHaveBeenCalledTimes(1)
    rerender(<Form loading onSubmit={onSubmit} />)
    await act(user)
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('passes clicks on when not loading, and a disabled one stays disabled', async () => {
    const onClick = vi.fn()
    const user = userEvent.setup()
    const { rerender } = render(<Button onClick={onClick}>Go</Button>)
    await user.click(screen.getByRole('button', { name: 'Go' }))
    expect(onClick).toHaveBeenCalledTimes(1)
    rerender(
      <Button onClick={onClick} disabled>
        Go
      </Button>,
    )
    expect(screen.getByRole('button', { name: 'Go' })).toBeDisabled()
  })
})
