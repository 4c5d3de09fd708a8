import type { FeatureUpdateType } from '#contracts/feature-updates.ts'
import type { ActiveView } from '../../session'

/**
 * Seeds 000 §2.8: consumer updates in the consumer view, enterprise updates in the enterprise (and
 * admin) view; a user still choosing a view, or signing up, has none.
 */
export function featureUpdateTypeFor(
  view: ActiveView,
  volunteer: boolean,
): FeatureUpdateType | null {
  if (volunteer) return null
  switch (view.type) {
    case 'consumer':
      return 'consumer'
    case 'enterprise':
    case 'admin':
      return 'enterprise'
    case 'signup':
    case 'redirect':
      return null
  }
}
