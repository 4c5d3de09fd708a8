import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { SelectField } from './SelectField'

describe('SelectField', () => {
  it.each([
    { disabled: false, shown: true },
    { disabled: true, shown: false },
  ])('disabled=$disabled: the error is shown=$shown', ({ disabled, shown }) => {
    render(
      <SelectField label="ISP" error="Choose your ISP" disabled={disabled}>
        <option value="">—</option>
      </SelectField>,
    )
    const select = screen.getByLabelText('ISP')
    if (shown) {
      expect(screen.getByText('Choose your ISP')).toBeInTheDocument()
      expect(select).toHaveAttribute('aria-invalid', 'true')
    } else {
      expect(screen.queryByText('Choose your ISP')).not.toBeInTheDocument()
      expect(select).not.toHaveAttribute('aria-invalid', 'true')
    }
  })
})
