import { describe, expect, it } from 'vitest'
import { useLayoutEffect } from 'react'
import { render, screen } from '@testing-library/react'
import { RenderLater } from './RenderLater'

/** Records, at each commit, which of the two the page showed. */
function Probe({ seen }: { seen: string[] }) {
  useLayoutEffect(() => {
    seen.push(document.querySelector('[data-part]')?.getAttribute('data-part') ?? 'none')
  })
  return null
}

describe('RenderLater', () => {
  it('commits the placeholder first, then the children in a commit of their own', async () => {
    const seen: string[] = []
    render(
      <>
        <p>Headline</p>
        <RenderLater placeholder={<div data-part="placeholder" />}>
          <div data-part="later">Results</div>
          <Probe seen={seen} />
        </RenderLater>
        <Probe seen={seen} />
      </>,
    )
    expect(await screen.findByText('Results')).toBeInTheDocument()
    expect(seen[0]).toBe('placeholder')
    expect(seen.at(-1)).toBe('later')
    expect(document.querySelector('[data-part="placeholder"]')).toBeNull()
  })
})
