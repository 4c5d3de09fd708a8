export { DashboardsPage } from './DashboardsPage'
export { DashboardPage, type DashboardPageProps } from './DashboardPage'
