import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { Ltr } from './Ltr'
import { TextField } from './TextField'

describe('left-to-right islands', () => {
  it('Ltr isolates its value as left to right', () => {
    const { container } = render(
      <p dir="rtl">
        البريد <Ltr>nora@example.com</Ltr>
      </p>,
    )
    const island = container.querySelector('bdi')
    expect(island).toHaveAttribute('dir', 'ltr')
    expect(island).toHaveTextContent('nora@example.com')
  })

  it.each([
    { type: 'email', dir: 'ltr' },
    { type: 'url', dir: 'ltr' },
    { type: 'text', dir: null },
  ])('a $type field has dir=$dir', ({ type, dir }) => {
    render(<TextField label="Field" type={type} />)
    const input = screen.getByLabelText('Field')
    if (dir === null) expect(input).not.toHaveAttribute('dir')
    else expect(input).toHaveAttribute('dir', dir)
  })

  it('keeps an explicit dir', () => {
    render(<TextField label="Field" type="email" dir="auto" />)
    expect(screen.getByLabelText('Field')).toHaveAttribute('dir', 'auto')
  })
})
