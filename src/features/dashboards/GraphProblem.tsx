import { Trans } from '@lingui/react/macro'
import type { GraphMeta } from '#contracts/dashboards.ts'
import { Alert } from '../../ui'

/** Why a dashboard's graph cannot be drawn (seeds 001 §4, §8: its preset was not found). */
export function GraphProblem({ meta }: { meta: GraphMeta | undefined }) {
  return meta?.error === 'FORBIDDEN' ? (
    <Alert variant="warning">
      <Trans>You cannot open this chart: its panel is not in your subscriptions.</Trans>
    </Alert>
  ) : (
    <Alert variant="warning">
      <Trans>This chart’s preset was not found: it was deleted. Remove it or replace it.</Trans>
    </Alert>
  )
}
