export { DashboardLayout } from './DashboardLayout'
export type { DashboardLayoutProps } from './DashboardLayout'
export { WhiteboxTestsPage } from './WhiteboxTestsPage'
export type { WhiteboxTestsPageProps } from './WhiteboxTestsPage'
export { RealSpeedTestsPage } from './RealSpeedTestsPage'
export { AgentDetailsPage } from './AgentDetailsPage'
export { TestResultPage } from './TestResultPage'
export { useDashboardUnitId } from './useDashboardUnitId'
export { resolveDashboardUnit } from './dashboard-unit'
export { isInstantTestable } from './instant-testable-flag'
export { METRIC_NAMES, metricName } from './metric-names'
export {
  formatBytes,
  formatDuration,
  formatMetricValue,
  formatNumber,
  metricValueTemplate,
} from './format'
export { metricSeries } from './metric-series'
export { DASHBOARD_METRICS_PREFERENCE } from './preferences'
