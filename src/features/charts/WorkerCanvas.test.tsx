import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChartSpec } from './chart-spec'
import type { CanvasSize, FromChartWorker, PointerKind } from './chart-worker-protocol'
import { WorkerCanvas } from './WorkerCanvas'

// The worker side, recorded: what the page hands over and sends, and a way to answer.
const worker = vi.hoisted(() => ({
  opened: [] as { canvas: HTMLCanvasElement; spec: ChartSpec; size: CanvasSize }[],
  sent: [] as unknown[],
  answer: (_message: FromChartWorker): void => undefined,
}))
vi.mock('./worker-charts', () => ({
  openWorkerChart: (
    canvas: HTMLCanvasElement,
    spec: ChartSpec,
    size: CanvasSize,
    listener: (message: FromChartWorker) => void,
  ) => {
    worker.opened.push({ canvas, spec, size })
    worker.answer = listener
    return {
      update: (next: ChartSpec) => worker.sent.push(['update', next]),
      resize: (next: CanvasSize) => worker.sent.push(['resize', next]),
      pointer: (kind: PointerKind, x: number, y: number) => worker.sent.push([kind, x, y]),
      close: () => worker.sent.push(['close']),
    }
  },
}))

// jsdom has no ResizeObserver: one that the test resizes by hand.
let resizeTo: (width: number, height: number) => void = () => undefined
class FakeResizeObserver {
  private readonly callback: ResizeObserverCallback
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback
  }
  observe() {
    resizeTo = (width, height) => {
      this.callback(
        [{ contentRect: { width, height } } as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      )
    }
  }
  disconnect() {
    resizeTo = () => undefined
  }
}

const spec = (label: string): ChartSpec => ({
  kind: 'bar',
  bars: [{ label: 'Mon', value: 2 }],
  valueLabel: label,
  valueFormat: { kind: 'number' },
  locale: 'en-GB',
  rtl: false,
  theme: 'light',
})

beforeEach(() => {
  worker.opened = []
  worker.sent = []
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('WorkerCanvas', () => {
  it('hands its canvas to the worker once it has a size, then sends sizes, changes and the pointer', () => {
    const onFirstDraw = vi.fn()
    const onPoint = vi.fn()
    const first = spec('Disconnections')
    const { rerender, unmount } = render(
      <WorkerCanvas
        spec={first}
        label="Disconnections chart"
        description="4 disconnections"
        onFirstDraw={onFirstDraw}
        onPoint={onPoint}
      />,
    )
    const canvas = screen.getByRole('img', { name: 'Disconnections chart' })
    expect(canvas).toHaveAccessibleDescription('4 disconnections')
    // No size yet (not laid out): nothing handed over.
    act(() => {
      resizeTo(0, 0)
    })
    expect(worker.opened).toEqual([])
    act(() => {
      resizeTo(320, 192)
    })
    expect(worker.opened).toEqual([
      {
        canvas,
        spec: first,
        size: { width: 320, height: 192, pixelRatio: window.devicePixelRatio },
      },
    ])

    // The worker says it drew: the box is marked and the page told, once.
    expect(canvas.parentElement).not.toHaveAttribute('data-drawn')
    act(() => {
      worker.answer({ type: 'drawn', id: 1 })
    })
    expect(canvas.parentElement).toHaveAttribute('data-drawn')
    expect(onFirstDraw).toHaveBeenCalledTimes(1)

    act(() => {
      resizeTo(300, 192)
    })
    const next = spec('Minutes disconnected')
    rerender(
      <WorkerCanvas
        spec={next}
        label="Disconnections chart"
        onFirstDraw={onFirstDraw}
        onPoint={onPoint}
      />,
    )
    fireEvent.click(canvas)
    fireEvent.pointerLeave(canvas)
    expect(worker.sent).toEqual([
      ['resize', { width: 300, height: 192, pixelRatio: window.devicePixelRatio }],
      ['update', next],
      ['click', 0, 0],
      ['leave', 0, 0],
    ])

    const point = {
      type: 'point',
      id: 1,
      datasetIndex: 0,
      point: { x: 1, y: 2, id: 't-1' },
    } as const
    act(() => {
      worker.answer(point)
    })
    expect(onPoint).toHaveBeenCalledWith(point)

    // On touch the tooltip comes with the click, after the finger "left": a touch elsewhere hides
    // it, once; a touch on the chart itself is the chart's.
    worker.sent = []
    fireEvent.click(canvas)
    fireEvent.pointerDown(canvas)
    fireEvent.pointerDown(document.body)
    fireEvent.pointerDown(document.body)
    expect(worker.sent).toEqual([
      ['click', 0, 0],
      ['leave', 0, 0],
    ])

    unmount()
    expect(worker.sent.at(-1)).toEqual(['close'])
    expect(worker.opened).toHaveLength(1)
  })
})
