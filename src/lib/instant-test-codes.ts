import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { INSTANT_TEST_CODES, type InstantTestCode } from '#contracts/instant-test.ts'

/** Failures the client finds on its own, before or without a server answer. */
export const CLIENT_INSTANT_TEST_CODES = ['OFFLINE', 'CONNECTION_LOST', 'SESSION_ENDED'] as const
export type ClientInstantTestCode = (typeof CLIENT_INSTANT_TEST_CODES)[number]

/** Every reason an instant test did not run or finish: the seeds' 8.4 codes and the client's. */
export type InstantTestFailure = InstantTestCode | ClientInstantTestCode

/** Seeds 8.4: each code has its own title and explanation for engineers and for consumers. */
export type InstantTestWording = 'consumer' | 'engineer'

/** What the user reads about a failure: a short title and what to do. */
export type InstantTestCodeMessage = {
  title: MessageDescriptor
  explanation: MessageDescriptor
}

type CodeEntry = Record<InstantTestWording, InstantTestCodeMessage> & {
  /** Trying again later can succeed (the unit or the servers may become ready). */
  retryable: boolean
}

const TABLE: Record<InstantTestFailure, CodeEntry> = {
  ACCESS_DENIED: {
    retryable: false,
    engineer: {
      title: msg`Instant test not allowed`,
      explanation: msg`Your account does not have permission to run instant tests on this unit. Ask your administrator for the trigger testing permission on its panel.`,
    },
    consumer: {
      title: msg`You cannot test this Whitebox`,
      explanation: msg`This Whitebox is not linked to your account for instant tests. Contact us if you think this is wrong.`,
    },
  },
  NOT_TT_COMPATIBLE: {
    retryable: false,
    engineer: {
      title: msg`Firmware too old for instant tests`,
      explanation: msg`This unit runs firmware that cannot take instant tests. It needs a firmware update before it can be tested on demand.`,
    },
    consumer: {
      title: msg`Your Whitebox cannot run instant tests yet`,
      explanation: msg`Your Whitebox needs a software update before it can run instant tests. It keeps running its scheduled tests as usual.`,
    },
  },
  INCOMPATIBLE: {
    retryable: false,
    engineer: {
      title: msg`Unit not compatible`,
      explanation: msg`This unit's set-up cannot run the instant test suite (for example, it is on a mobile connection).`,
    },
    consumer: {
      title: msg`Instant tests are not available for your Whitebox`,
      explanation: msg`The way your Whitebox is connected does not allow instant tests. Your scheduled results are still collected.`,
    },
  },
  UNREACHABLE: {
    retryable: true,
    engineer: {
      title: msg`Unit offline`,
      explanation: msg`The unit has not reported in for over 30 minutes or is disconnected, so it cannot be reached.`,
    },
    consumer: {
      title: msg`Your Whitebox is offline`,
      explanation: msg`We cannot reach your Whitebox at the moment. Check that it is plugged in and connected to your router, then try again.`,
    },
  },
  NOT_READY: {
    retryable: true,
    engineer: {
      title: msg`Unit not ready`,
      explanation: msg`The unit is reachable but not ready to test. Check its power and internet connection, then try again.`,
    },
    consumer: {
      title: msg`Your Whitebox is not ready`,
      explanation: msg`Your Whitebox cannot be reached properly right now. Check that it has power and that your internet is working, then try again.`,
    },
  },
  IN_PROGRESS: {
    retryable: true,
    engineer: {
      title: msg`A test is already running`,
      explanation: msg`Only one test can run on a unit at a time. Wait 1 minute, then try again.`,
    },
    consumer: {
      title: msg`Your Whitebox is already testing`,
      explanation: msg`Only one test can run at a time. Please wait 1 minute, then try again.`,
    },
  },
  NO_AVAILABLE_TESTS: {
    retryable: false,
    engineer: {
      title: msg`No tests available`,
      explanation: msg`No instant tests are configured for this unit. Contact the account manager.`,
    },
    consumer: {
      title: msg`No instant tests available`,
      explanation: msg`There are no instant tests set up for your Whitebox. Contact your account manager.`,
    },
  },
  TARGET_AT_CAPACITY: {
    retryable: true,
    engineer: {
      title: msg`Test servers at capacity`,
      explanation: msg`The test servers are busy running other tests. Try again in a few minutes.`,
    },
    consumer: {
      title: msg`Our test servers are busy`,
      explanation: msg`Lots of people are testing right now. Please try again in a few minutes.`,
    },
  },
  UNKNOWN: {
    retryable: true,
    engineer: {
      title: msg`The test could not run`,
      explanation: msg`The test failed for an unknown reason. Try again later.`,
    },
    consumer: {
      title: msg`Something went wrong`,
      explanation: msg`We could not run the test. Please try again later.`,
    },
  },
  OFFLINE: {
    retryable: true,
    engineer: {
      title: msg`No connection`,
      explanation: msg`An instant test needs a connection. Nothing has been queued: run it again once you are back online.`,
    },
    consumer: {
      title: msg`You are offline`,
      explanation: msg`An instant test needs an internet connection on this device. Nothing has been saved to run later: try again once you are back online.`,
    },
  },
  CONNECTION_LOST: {
    retryable: true,
    engineer: {
      title: msg`Connection to the test service lost`,
      explanation: msg`The test service could not be reached or the connection dropped. A test that had started may still finish: check the unit's instant test history.`,
    },
    consumer: {
      title: msg`Connection lost`,
      explanation: msg`We lost the connection while talking to your Whitebox. If the test had started it may still finish: check your RealSpeed results in a minute.`,
    },
  },
  SESSION_ENDED: {
    retryable: true,
    engineer: {
      title: msg`Session expired`,
      explanation: msg`Your sign-in could not be renewed. Reload the page or sign in again, then run the test.`,
    },
    consumer: {
      title: msg`Please sign in again`,
      explanation: msg`Your session has ended. Sign in again to run an instant test.`,
    },
  },
}

/** Seeds 8.4: the title and explanation of a failure in the engineer or consumer wording. */
export function instantTestCodeMessage(
  code: InstantTestFailure,
  wording: InstantTestWording,
): InstantTestCodeMessage {
  return TABLE[code][wording]
}

/** Whether running the test again can help (not for permissions, firmware or configuration). */
export function isRetryable(code: InstantTestFailure): boolean {
  return TABLE[code].retryable
}

/** Every failure code, the server's then the client's (for tables and tests). */
export const INSTANT_TEST_FAILURES: readonly InstantTestFailure[] = [
  ...INSTANT_TEST_CODES,
  ...CLIENT_INSTANT_TEST_CODES,
]
