import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Names of the areas that later issues build, shown on their placeholder pages. */
export const AREA_NAMES = {
  dashboard: msg`Dashboard`,
  analytics: msg`Analytics`,
  faultFinder: msg`Anomaly detection`,
  dataExport: msg`Data export`,
  admin: msg`Admin`,
  testManager: msg`Test manager`,
  xenia: msg`Internal tools`,
  apis: msg`APIs`,
  unitSearch: msg`Constant care: unit search`,
  profile: msg`Your profile`,
  personalDetails: msg`Personal details`,
  broadbandDetails: msg`Broadband details`,
  contact: msg`Contact us`,
  helpCentre: msg`Help centre`,
} satisfies Record<string, MessageDescriptor>

export type AreaId = keyof typeof AREA_NAMES
