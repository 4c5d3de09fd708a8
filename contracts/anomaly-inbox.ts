/**
 * The fault finder's inbox as the routes read it (contracts/anomalies.ts has the rest): its tabs,
 * the states each lists, and the search's length. Apart so that the route tree, which the app's
 * entry carries, does not carry the anomaly schemas with them.
 */

export const ANOMALY_STATES = ['new', 'ongoing', 'closed'] as const
export type AnomalyState = (typeof ANOMALY_STATES)[number]

/** The inbox's tabs (001 §2.3 /fault-finder/{state}) and the states each lists (001 §4). */
export const INBOX_TABS = {
  active: ['new', 'ongoing'],
  closed: ['closed'],
} as const satisfies Record<string, readonly AnomalyState[]>
export type InboxTab = keyof typeof INBOX_TABS
export const INBOX_TAB_NAMES = Object.keys(INBOX_TABS) as InboxTab[]

/** 001 §4: the closed list covers the last 30 days. */
export const CLOSED_LIST_DAYS = 30

export const ANOMALY_SEARCH_MAX = 100
