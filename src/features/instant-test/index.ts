export { InstantTestPanel } from './InstantTestPanel'
export type { InstantTestPanelProps } from './InstantTestPanel'
export { InstantTestHistory } from './InstantTestHistory'
export type { InstantTestHistoryProps } from './InstantTestHistory'
