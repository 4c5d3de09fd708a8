import { Chart, Interaction, type ChartConfiguration, type ChartEvent, type Plugin } from 'chart.js'
import { chartConfiguration, type ChartSpec } from './chart-spec'
import type {
  CanvasSize,
  FromChartWorker,
  PointerKind,
  ToChartWorker,
} from './chart-worker-protocol'
import { registerCharts } from './register'
import type { DrawnPoint } from './series'

type DrawnChart = {
  chart: Chart
  spec: ChartSpec
  /** Where the pointer last moved over the chart (replayed after an update, as chart.js does). */
  lastMove: { x: number; y: number } | null
}

const EVENT_TYPES: Record<PointerKind, ChartEvent['type']> = {
  move: 'mousemove',
  leave: 'mouseout',
  click: 'click',
}

/** The way a click finds its point: the one nearest in time, as the line chart's tooltip does. */
const CLICK_INTERACTION = { axis: 'x', intersect: false } as const

/**
 * chart.js draws on an OffscreenCanvas (its BasicPlatform: no DOM, no events of its own); its
 * types name only the page's canvas.
 */
function chartOn(canvas: OffscreenCanvas, config: ChartConfiguration): Chart {
  return new Chart(canvas as unknown as HTMLCanvasElement, config)
}

/**
 * Text direction on an OffscreenCanvas. chart.js sets the direction of its legend and tooltip
 * text through the canvas element's CSS `direction` (and the context inherits it); an
 * OffscreenCanvas has no style and its context inherits nothing. The canvas gets a style of one
 * property that sets the context's direction instead, the page's direction standing for anything
 * else (chart.js "restores" with a letter of the direction it set), and a plugin sets the page's
 * direction before each draw (resizing the canvas resets its context).
 */
function lendDirection(canvas: OffscreenCanvas, pageDirection: CanvasDirection): Plugin {
  const context = canvas.getContext('2d')
  if (!context) throw new Error('An OffscreenCanvas without a 2D context')
  let direction = ''
  Object.defineProperty(canvas, 'style', {
    value: {
      getPropertyValue: (name: string) => (name === 'direction' ? direction : ''),
      getPropertyPriority: () => '',
      setProperty: (name: string, value: string) => {
        if (name !== 'direction') return
        const set = value === 'ltr' || value === 'rtl' ? value : null
        direction = set ?? ''
        context.direction = set ?? pageDirection
      },
    },
  })
  return {
    id: 'wb-page-direction',
    beforeDraw: () => {
      direction = ''
      context.direction = pageDirection
    },
  }
}

/** The spec's configuration in the worker: sized by the page, events sent by the page. */
function configurationFor(spec: ChartSpec, pixelRatio: number | undefined): ChartConfiguration {
  const config = chartConfiguration(spec) as ChartConfiguration
  return {
    ...config,
    options: { ...config.options, responsive: false, devicePixelRatio: pixelRatio, events: [] },
  }
}

/**
 * The charts of a worker: creates, updates, resizes and destroys them as the page says, shows
 * tooltips and legend clicks for the pointer events it forwards (through chart.js's own
 * tooltip and legend), and tells the page when a chart is first drawn and which point was clicked.
 */
export function createChartWorker(post: (message: FromChartWorker) => void) {
  registerCharts()
  const charts = new Map<number, DrawnChart>()

  function create(id: number, canvas: OffscreenCanvas, spec: ChartSpec, size: CanvasSize) {
    canvas.width = size.width
    canvas.height = size.height
    let first = true
    const firstDraw: Plugin = {
      id: 'wb-first-draw',
      afterRender: () => {
        if (!first) return
        first = false
        post({ type: 'drawn', id })
      },
    }
    const direction = lendDirection(canvas, spec.rtl ? 'rtl' : 'ltr')
    const chart = chartOn(canvas, {
      ...configurationFor(spec, size.pixelRatio),
      plugins: [direction, firstDraw],
    })
    charts.set(id, { chart, spec, lastMove: null })
  }

  function update(id: number, drawn: DrawnChart, spec: ChartSpec) {
    const { chart } = drawn
    const config = configurationFor(spec, chart.options.devicePixelRatio)
    drawn.spec = spec
    // chart.js keeps a line hidden from the legend per dataset object: new data would show it
    // again. Kept by name, as react-chartjs-2 does on the page by updating datasets in place.
    const hidden = new Set(
      chart.data.datasets.filter((_, index) => !chart.isDatasetVisible(index)).map((d) => d.label),
    )
    chart.data = config.data
    chart.data.datasets.forEach((dataset, index) => {
      if (hidden.has(dataset.label)) chart.setDatasetVisibility(index, false)
    })
    chart.options = config.options ?? {}
    chart.update()
    // The tooltip shows the new values where the pointer is.
    if (drawn.lastMove) pointer(id, drawn, 'move', drawn.lastMove.x, drawn.lastMove.y, true)
  }

  function resize({ chart }: DrawnChart, size: CanvasSize) {
    chart.options.devicePixelRatio = size.pixelRatio
    chart.resize(size.width, size.height)
  }

  function pointer(
    id: number,
    drawn: DrawnChart,
    kind: PointerKind,
    x: number,
    y: number,
    replay = false,
  ) {
    const { chart, spec } = drawn
    drawn.lastMove = kind === 'leave' ? null : { x, y }
    const event: ChartEvent = { type: EVENT_TYPES[kind], native: null, x, y }
    const area = chart.chartArea
    const inChartArea =
      kind !== 'leave' && x >= area.left && x <= area.right && y >= area.top && y <= area.bottom
    const args = { event, replay, cancelable: false, inChartArea, changed: false }
    chart.notifyPlugins('afterEvent', args)
    // Drawn again only when the tooltip changed (a move within one point's reach changes nothing).
    if (args.changed) {
      chart.setActiveElements(chart.tooltip?.getActiveElements() ?? [])
      chart.render()
    }
    if (kind !== 'click' || spec.kind !== 'line') return
    const [hit] = Interaction.modes.nearest(chart, event, CLICK_INTERACTION, false)
    if (!hit || hit.datasetIndex >= spec.series.length) return
    const point = chart.data.datasets[hit.datasetIndex]?.data[hit.index] as DrawnPoint | undefined
    if (point) post({ type: 'point', id, datasetIndex: hit.datasetIndex, point })
  }

  function handle(message: ToChartWorker) {
    try {
      if (message.type === 'create') {
        create(message.id, message.canvas, message.spec, message.size)
        return
      }
      const drawn = charts.get(message.id)
      if (!drawn) return
      switch (message.type) {
        case 'update':
          update(message.id, drawn, message.spec)
          break
        case 'resize':
          resize(drawn, message.size)
          break
        case 'pointer':
          pointer(message.id, drawn, message.kind, message.x, message.y)
          break
        case 'destroy':
          drawn.chart.destroy()
          charts.delete(message.id)
          break
      }
    } catch (error) {
      post({
        type: 'failed',
        id: message.id,
        message: error instanceof Error ? error.message : String(error),
      })
    }
  }

  return { handle }
}
