export { ConsumerAnalyticsPage, type ConsumerAnalyticsPageProps } from './ConsumerAnalyticsPage'
export { ConsumerAnalyticsSearchSchema, type ConsumerAnalyticsSearch } from './analytics-search'
