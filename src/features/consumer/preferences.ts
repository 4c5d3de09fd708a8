/** The preferences key holding the dashboard's metric choice (one preferences object per user). */
export const DASHBOARD_METRICS_PREFERENCE = 'consumerDashboardMetrics'
