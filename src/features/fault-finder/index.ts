export { InboxPage, type InboxPageProps } from './InboxPage'
export { CollectionPage } from './CollectionPage'
export { INBOX_SEARCH_DEFAULTS, InboxSearchSchema, type InboxSearch } from './inbox-search'
export { UnitAnomalyList } from './UnitAnomalyList'
