import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DrawWhenNear } from './DrawWhenNear'

type Callback = (entries: { isIntersecting: boolean }[]) => void

/** A controllable IntersectionObserver: tests say when the place comes near the screen. */
function installObserver() {
  const callbacks: Callback[] = []
  const disconnect = vi.fn()
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Callback) {
        callbacks.push(callback)
      }
      observe() {}
      disconnect = disconnect
    },
  )
  return {
    intersect: (isIntersecting: boolean) => {
      act(() => {
        for (const callback of callbacks) callback([{ isIntersecting }])
      })
    },
    disconnect,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DrawWhenNear', () => {
  it('holds the place with the summary until the place comes near, then draws and keeps the chart', async () => {
    const observer = installObserver()
    render(
      <DrawWhenNear summary="Latest 272 Mbps">
        <canvas aria-label="chart" />
      </DrawWhenNear>,
    )
    expect(screen.queryByLabelText('chart')).toBeNull()
    expect(screen.getByText('Latest 272 Mbps')).toBeInTheDocument()

    observer.intersect(false)
    expect(screen.queryByLabelText('chart')).toBeNull()

    observer.intersect(true)
    expect(await screen.findByLabelText('chart')).toBeInTheDocument()
    expect(screen.queryByText('Latest 272 Mbps')).toBeNull()
    expect(observer.disconnect).toHaveBeenCalled()
  })

  it('draws charts that come near together one after the other, each in its own task', async () => {
    const observer = installObserver()
    render(
      <>
        <DrawWhenNear summary="a">
          <canvas aria-label="first" />
        </DrawWhenNear>
        <DrawWhenNear summary="b">
          <canvas aria-label="second" />
        </DrawWhenNear>
      </>,
    )
    observer.intersect(true)
    expect(await screen.findByLabelText('first')).toBeInTheDocument()
    expect(screen.queryByLabelText('second')).toBeNull()
    expect(await screen.findByLabelText('second')).toBeInTheDocument()
  })

  it('a chart that goes away before its turn does not hold up the next one', async () => {
    const observer = installObserver()
    function Charts({ middle }: { middle: boolean }) {
      return (
        <>
          <DrawWhenNear summary="a">
            <canvas aria-label="first" />
          </DrawWhenNear>
          {middle ? (
            <DrawWhenNear summary="b">
              <canvas aria-label="second" />
            </DrawWhenNear>
          ) : null}
          <DrawWhenNear summary="c">
            <canvas aria-label="third" />
          </DrawWhenNear>
        </>
      )
    }
    const { rerender } = render(<Charts middle />)
    observer.intersect(true)
    expect(await screen.findByLabelText('first')).toBeInTheDocument()
    rerender(<Charts middle={false} />)
    expect(await screen.findByLabelText('third')).toBeInTheDocument()
    expect(screen.queryByLabelText('second')).toBeNull()
  })

  it('holds the box the chart is drawn in (its legend is drawn inside it)', () => {
    installObserver()
    const { container } = render(
      <DrawWhenNear summary="waiting">
        <canvas />
      </DrawWhenNear>,
    )
    expect(container.querySelector('[data-chart-placeholder]')?.className).toMatch(/canvasBox/)
  })

  it('draws at once where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(
      <DrawWhenNear summary="s">
        <canvas aria-label="chart" />
      </DrawWhenNear>,
    )
    expect(screen.getByLabelText('chart')).toBeInTheDocument()
  })
})
