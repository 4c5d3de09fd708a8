import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { MetricPicker } from './MetricPicker'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

describe('MetricPicker', () => {
  it('closes on Escape and puts focus back on its summary', async () => {
    const user = userEvent.setup()
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <MetricPicker selection={['httpgetmt']} available={null} onChange={vi.fn()} />
      </I18nProvider>,
    )
    const details = container.querySelector('details')
    await user.click(screen.getByText(/Choose metrics/))
    expect(details).toHaveAttribute('open')
    await user.tab()
    await user.keyboard('{Escape}')
    expect(details).not.toHaveAttribute('open')
    expect(screen.getByText(/Choose metrics/)).toHaveFocus()
  })
})
