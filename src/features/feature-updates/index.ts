export { FeatureUpdates, type FeatureUpdatesProps } from './FeatureUpdates'
export { FeatureUpdatesBadge, FeatureUpdatesMenuItem } from './FeatureUpdatesMenuItem'
export { FEATURE_UPDATE_MUTATIONS } from './feature-updates.mutations'
export { setFeatureUpdatesOpen } from './feature-updates.flags'
