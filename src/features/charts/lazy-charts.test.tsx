import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { describe, expect, it, vi } from 'vitest'
import { TimeSeriesChart } from './lazy-charts'

i18n.loadAndActivate({ locale: 'en-GB', messages: {} })

// The chart.js chunk fails to load once (offline, not saved on the device), then loads.
const state = vi.hoisted(() => ({ fail: true }))
vi.mock('./drawn-charts', () => {
  if (state.fail) throw new Error('Failed to fetch dynamically imported module')
  return {
    TimeSeriesChart: (props: { label: string }) => <canvas role="img" aria-label={props.label} />,
    BarChart: () => null,
  }
})

describe('TimeSeriesChart (chart.js loaded on first draw)', () => {
  it('says when chart.js cannot be loaded, keeps the summary, and draws once a retry loads it', async () => {
    const props = {
      series: [],
      range: { from: 0, to: 1 },
      label: 'Download speed chart',
      description: 'Median 262 Mbps',
      valueFormat: { kind: 'number' } as const,
    }
    render(
      <I18nProvider i18n={i18n}>
        <TimeSeriesChart {...props} />
      </I18nProvider>,
    )
    expect(await screen.findByText(/The chart could not be loaded\./)).toHaveTextContent(
      'Median 262 Mbps',
    )
    state.fail = false
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('img', { name: 'Download speed chart' })).toBeInTheDocument()
  })
})
