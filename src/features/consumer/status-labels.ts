import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Seeds 3 result statuses (and the no-value mobile signal), in words. */
export const STATUS_LABELS: Partial<Record<string, MessageDescriptor>> = {
  OK: msg`OK`,
  NO_DATA: msg`No data`,
  DEVICE_CANT_RUN_TEST: msg`The Whitebox cannot run this test`,
  ERROR: msg`Test failed`,
  NO_VALUE: msg`No signal value`,
}

/** Seeds 3 test origins and kinds, in words. */
export const ORIGIN_LABELS: Partial<Record<string, MessageDescriptor>> = {
  scheduled: msg`Scheduled test`,
  web_app: msg`Web app`,
  web_iframe: msg`Embedded web page`,
  ios_app: msg`iPhone app`,
  android_app: msg`Android app`,
  instant_test: msg`Instant test`,
  instant_test_api: msg`Instant test (API)`,
}

/** Why a scheduled test was skipped (the service's reason codes). */
export const SKIP_REASON_LABELS: Partial<Record<string, MessageDescriptor>> = {
  cross_traffic: msg`Your connection was busy`,
  maintenance: msg`Maintenance`,
  target_unavailable: msg`Test server unavailable`,
}
