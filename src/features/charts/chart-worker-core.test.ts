import { Chart } from 'chart.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChartSpec } from './chart-spec'
import { createChartWorker } from './chart-worker-core'
import type { FromChartWorker } from './chart-worker-protocol'

/**
 * A 2D context that draws nothing: text is 6 px a character wide, save and restore keep the text
 * direction, every other call does nothing. Enough for chart.js to lay a chart out and run its
 * tooltip and legend, as it does in the worker.
 */
function fakeContext(canvas: FakeOffscreenCanvas): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { canvas, direction: 'inherit' }
  const saved: unknown[] = []
  return new Proxy(state, {
    get: (target, key) => {
      if (key in target) return target[key]
      if (key === 'measureText') return (text: string) => ({ width: text.length * 6 })
      if (key === 'save') return () => saved.push(target.direction)
      if (key === 'restore') return () => (target.direction = saved.pop() ?? target.direction)
      return () => undefined
    },
    set: (target, key, value) => {
      target[key] = value
      return true
    },
  }) as unknown as CanvasRenderingContext2D
}

class FakeOffscreenCanvas {
  width = 300
  height = 150
  readonly context = fakeContext(this)
  getContext() {
    return this.context
  }
}

const canvasOf = (fake: FakeOffscreenCanvas) => fake as unknown as OffscreenCanvas

const SIZE = { width: 320, height: 192, pixelRatio: 2 }
const HOUR = 3_600_000

function lineSpec(rtl = false): ChartSpec {
  return {
    kind: 'line',
    series: [
      {
        id: 'download',
        label: 'Download speed',
        points: Array.from({ length: 24 }, (_, i) => ({ x: i * HOUR, y: 200 + i, id: `t-${i}` })),
      },
    ],
    references: [{ id: 'package', label: 'Your package', value: 300 }],
    range: { from: 0, to: 23 * HOUR },
    valueFormat: { kind: 'number', template: '{value} Mbps' },
    locale: rtl ? 'ar-SA' : 'en-GB',
    rtl,
    theme: 'light',
  }
}

let posted: FromChartWorker[] = []
beforeEach(() => {
  posted = []
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the chart worker', () => {
  it('says once that a chart is drawn, and finds the point a click is on', () => {
    const worker = createChartWorker((message) => posted.push(message))
    const canvas = new FakeOffscreenCanvas()
    worker.handle({ type: 'create', id: 1, canvas: canvasOf(canvas), spec: lineSpec(), size: SIZE })
    expect(posted).toEqual([{ type: 'drawn', id: 1 }])
    // chart.js sized the canvas for the screen's pixels.
    expect([canvas.width, canvas.height]).toEqual([640, 384])

    worker.handle({ type: 'resize', id: 1, size: { ...SIZE, width: 300 } })
    worker.handle({ type: 'pointer', id: 1, kind: 'click', x: 160, y: 80 })
    expect(posted).toHaveLength(2)
    const click = posted[1]
    expect(click).toMatchObject({ type: 'point', id: 1, datasetIndex: 0 })
    expect(click?.type === 'point' ? click.point.id : undefined).toMatch(/^t-\d+$/)
  })

  it('keeps a line hidden from the legend when new data comes', () => {
    const worker = createChartWorker((message) => posted.push(message))
    const canvas = new FakeOffscreenCanvas()
    worker.handle({ type: 'create', id: 1, canvas: canvasOf(canvas), spec: lineSpec(), size: SIZE })
    // Hide the package line, as the legend's own click does.
    const chart = Chart.getChart(canvasOf(canvas) as unknown as HTMLCanvasElement)
    if (!chart) throw new Error('no chart on the canvas')
    chart.hide(1)
    worker.handle({ type: 'update', id: 1, spec: lineSpec() })
    expect(chart.isDatasetVisible(0)).toBe(true)
    expect(chart.isDatasetVisible(1)).toBe(false)
  })

  it('draws right to left after a resize too', () => {
    const worker = createChartWorker((message) => posted.push(message))
    const canvas = new FakeOffscreenCanvas()
    worker.handle({
      type: 'create',
      id: 1,
      canvas: canvasOf(canvas),
      spec: lineSpec(true),
      size: SIZE,
    })
    // A resize resets a real context's state; the fake one is reset by hand.
    canvas.context.direction = 'inherit'
    worker.handle({ type: 'resize', id: 1, size: { ...SIZE, width: 300 } })
    expect(canvas.context.direction).toBe('rtl')
  })

  it('says when a chart cannot be drawn', () => {
    const worker = createChartWorker((message) => posted.push(message))
    const broken = { width: 1, height: 1, getContext: () => null }
    worker.handle({
      type: 'create',
      id: 7,
      canvas: broken as unknown as OffscreenCanvas,
      spec: lineSpec(),
      size: SIZE,
    })
    expect(posted).toEqual([{ type: 'failed', id: 7, message: expect.any(String) as string }])
  })
})
