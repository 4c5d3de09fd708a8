import { DASHBOARD_GRAPHS_MAX, type Graph } from '#contracts/dashboards.ts'

/** Why a preset cannot be added to a board, or null when it can. */
export type AddRefusal = 'FULL' | 'ALREADY_ON_BOARD'

/**
 * Seeds 001 §5: a dashboard shows at most six metrics (six graphs); a preset is on a board once.
 */
export function addRefusal(graphs: readonly Graph[], metaId: number): AddRefusal | null {
  if (graphs.some((graph) => graph.metaId === metaId)) return 'ALREADY_ON_BOARD'
  if (graphs.length >= DASHBOARD_GRAPHS_MAX) return 'FULL'
  return null
}

/** The board with `graph` inserted at `index` (clamped; the end by default), or unchanged when refused. */
export function addGraph(graphs: readonly Graph[], graph: Graph, index = graphs.length): Graph[] {
  if (addRefusal(graphs, graph.metaId) !== null) return [...graphs]
  const at = Math.max(0, Math.min(index, graphs.length))
  return [...graphs.slice(0, at), graph, ...graphs.slice(at)]
}

/** The board with the graph at `from` moved to `to` (both clamped to the board). */
export function moveGraph(graphs: readonly Graph[], from: number, to: number): Graph[] {
  const next = [...graphs]
  if (from < 0 || from >= next.length) return next
  const [moved] = next.splice(from, 1)
  if (moved === undefined) return next
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved)
  return next
}

/** The board without the graph of `metaId`. */
export function removeGraph(graphs: readonly Graph[], metaId: number): Graph[] {
  return graphs.filter((graph) => graph.metaId !== metaId)
}

/** Whether two boards hold the same graphs in the same order. */
export function sameBoard(a: readonly Graph[], b: readonly Graph[]): boolean {
  return (
    a.length === b.length &&
    a.every((graph, i) => graph.metaId === b[i]?.metaId && graph.panel === b[i].panel)
  )
}
