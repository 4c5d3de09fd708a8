export { AdminLayout, NoAdminSection } from './AdminLayout'
export { AgentsPage } from './AgentsPage'
export { AgentPage } from './AgentPage'
export { UsersPage } from './UsersPage'
export { UserPage } from './UserPage'
export { CreateUserPage } from './CreateUserPage'
export { MetadataPage } from './MetadataPage'
export { PackagesPage } from './PackagesPage'
export {
  ActivationLayout,
  ActivationLogPage,
  ActivationStatusPage,
  ActivationTokenPage,
} from './ActivationPages'
export { requireActivationPart, activationHome } from './ActivationGuards'
export { DataSubsPage } from './DataSubsPage'
export { DataSubsDetailLayout } from './DataSubsDetailLayout'
export { DataSubsFeaturesPage } from './DataSubsFeaturesPage'
export { DataSubsGroupsPage } from './DataSubsGroupsPage'
export { DataSubsUsersPage } from './DataSubsUsersPage'
export { requireAdminSection } from './guards'
export { ApiUsagePage } from './ApiUsagePage'
export { SwitchPanelPage } from './SwitchPanelPage'
export { adminAbilities, allowedAdminSections, firstAdminPath, type AdminSection } from './sections'
export {
  AdminUnitLayout,
  DailySummariesPage,
  DisconnectionsPage,
  InstantTestsPage,
  UnitDetailsPage,
  UnitTestResultPage,
} from './unit'
