/**
 * The unit a dashboard shows: the one asked for (the `unit` search parameter) when the user can
 * reach it, else the consumer view's unit, else the first accessible one; null when there is none.
 */
export function resolveDashboardUnit(input: {
  accessible: readonly number[]
  viewUnitId: number | null
  requested: number | undefined
}): number | null {
  const { accessible, viewUnitId, requested } = input
  if (requested !== undefined && accessible.includes(requested)) return requested
  if (viewUnitId !== null && accessible.includes(viewUnitId)) return viewUnitId
  return accessible[0] ?? null
}
