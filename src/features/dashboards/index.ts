export { DashboardsPage } from './DashboardsPage'
export { DashboardPage, type DashboardPageProps } from './DashboardPage'
export { ReportPage, type ReportPageProps } from './ReportPage'
