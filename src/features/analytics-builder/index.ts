export { AnalyticsBuilderPage, type AnalyticsBuilderPageProps } from './AnalyticsBuilderPage'
export { BuilderSearchSchema, type BuilderSearch } from './builder-search'
export { PresetChart } from './PresetChart'
