import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ScannerErrorKind } from '../../lib/scanner'

/** What went wrong and how to fix it, for each scanner error. */
export const SCANNER_ERROR_MESSAGES: Record<
  ScannerErrorKind,
  { title: MessageDescriptor; fix: MessageDescriptor }
> = {
  'not-allowed': {
    title: msg`Camera access is blocked`,
    fix: msg`Allow the camera for this site: tap the icon beside the address (a lock or sliders), open Permissions or Site settings, set Camera to Allow, then try again.`,
  },
  'not-found': {
    title: msg`No camera found`,
    fix: msg`This device has no camera the browser can use. Connect one and try again, or type the unit’s ID, MAC or serial number in the search box.`,
  },
  'not-readable': {
    title: msg`The camera is in use`,
    fix: msg`Another app or tab is using the camera. Close it (a video call, the camera app), then try again. If that does not help, restart the browser.`,
  },
  overconstrained: {
    title: msg`This camera cannot be used for scanning`,
    fix: msg`Try again to use the default camera, or switch to another camera.`,
  },
  insecure: {
    title: msg`The camera needs a secure connection`,
    fix: msg`Browsers allow the camera only on secure pages. Open Whitebox from its https:// address or from the installed app.`,
  },
  unsupported: {
    title: msg`This browser cannot use the camera`,
    fix: msg`Update the browser, or use Chrome or Safari. You can also type the unit’s ID, MAC or serial number in the search box.`,
  },
  decoder: {
    title: msg`The scanner could not be loaded`,
    fix: msg`Check the connection and try again. Once it has loaded, the scanner also works offline.`,
  },
  unknown: {
    title: msg`The camera could not start`,
    fix: msg`Try again. If it keeps failing, close other apps using the camera or restart the browser.`,
  },
}
