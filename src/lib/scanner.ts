import * as v from 'valibot'

/**
 * The Code 128 label scanner's rules (seeds 001 §2.4, §9): when it is offered, the scan region,
 * its states and when a read counts. React-free so the table tests cover every transition.
 */

/** Seeds 001 §9: the scanner is offered only below this viewport width (CSS px). */
export const SCANNER_MAX_WIDTH = 768

/** Seeds 001 §9: the scan region as fractions of the camera picture. */
export const SCAN_REGION = { left: 0.2, top: 0.45, width: 0.6, height: 0.15 } as const

/** A fraction-of-the-picture rectangle, such as SCAN_REGION. */
export type Region = { left: number; top: number; width: number; height: number }
export type Size = { width: number; height: number }
/** A rectangle in pixels of the camera frame. */
export type Rect = { x: number; y: number; width: number; height: number }

/**
 * Identical reads on consecutive decoded frames before a value is taken. Code 128's mod-103 check
 * catches any single wrong symbol but not every pair; a label moving through the frame (blur,
 * a bar cut by the region edge) is where such pairs come from, and they do not repeat on the next
 * frame. The second read costs one frame (~33 ms at 30 fps), well inside the 1 s goal.
 */
export const CONFIRMING_READS = 2

/** Largest width the region crop is decoded at: more pixels only slow the decoder down. */
export const MAX_DECODE_WIDTH = 960

/** Seeds 001 §2.4: the scanner shows under 768 px and only with the barcode_scanner grant. */
export function canUseScanner(width: number, hasGrant: boolean): boolean {
  return hasGrant && width < SCANNER_MAX_WIDTH
}

/**
 * The part of the camera frame under `region` of a view that shows the whole frame scaled to
 * cover it (CSS object-fit: cover, centred), in whole frame pixels; null before the frame or the
 * view has a size. Decoding exactly this crop is what makes the drawn region the scan region.
 */
export function regionCrop(frame: Size, view: Size, region: Region = SCAN_REGION): Rect | null {
  if (frame.width <= 0 || frame.height <= 0 || view.width <= 0 || view.height <= 0) return null
  const scale = Math.max(view.width / frame.width, view.height / frame.height)
  const offsetX = (view.width - frame.width * scale) / 2
  const offsetY = (view.height - frame.height * scale) / 2
  const toFrameX = (viewX: number) => (viewX - offsetX) / scale
  const toFrameY = (viewY: number) => (viewY - offsetY) / scale
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value))
  const x0 = clamp(Math.floor(toFrameX(region.left * view.width) + 1e-9), frame.width)
  const y0 = clamp(Math.floor(toFrameY(region.top * view.height) + 1e-9), frame.height)
  const x1 = clamp(
    Math.ceil(toFrameX((region.left + region.width) * view.width) - 1e-9),
    frame.width,
  )
  const y1 = clamp(
    Math.ceil(toFrameY((region.top + region.height) * view.height) - 1e-9),
    frame.height,
  )
  if (x1 <= x0 || y1 <= y0) return null
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/**
 * The largest size with the frame's aspect ratio that fits in `area` (whole CSS px): the video is
 * shown whole, so the region drawn on it is the same share of the frame the label video and a
 * phone's camera deliver. Null until both sizes are known.
 */
export function fitContain(frame: Size, area: Size): Size | null {
  if (frame.width <= 0 || frame.height <= 0 || area.width <= 0 || area.height <= 0) return null
  const scale = Math.min(area.width / frame.width, area.height / frame.height)
  return {
    width: Math.floor(frame.width * scale + 1e-9),
    height: Math.floor(frame.height * scale + 1e-9),
  }
}

/** The canvas size a crop is decoded at: its own size, scaled down to at most `maxWidth` wide. */
export function decodeSize(crop: Size, maxWidth = MAX_DECODE_WIDTH): Size {
  if (crop.width <= maxWidth) return { width: crop.width, height: crop.height }
  const scale = maxWidth / crop.width
  return { width: maxWidth, height: Math.max(1, Math.round(crop.height * scale)) }
}

/** Why the scanner cannot scan, each with its own message and fix. */
export type ScannerErrorKind =
  | 'insecure'
  | 'unsupported'
  | 'not-allowed'
  | 'not-found'
  | 'not-readable'
  | 'overconstrained'
  | 'decoder'
  | 'unknown'

/** Scanner states (seeds 001 §2.4: new, scanning, error). `attempt` restarts the camera. */
export type ScannerState =
  | { status: 'new'; result: string | null }
  | {
      status: 'scanning'
      attempt: number
      camera: 'starting' | 'live'
      candidate: string | null
      reads: number
    }
  | { status: 'error'; attempt: number; error: ScannerErrorKind }

export type ScannerEvent =
  | { type: 'open' }
  | { type: 'camera-ready' }
  /** The Code 128 values found in one decoded frame's region (none, one or several). */
  | { type: 'frame'; values: readonly string[] }
  | { type: 'fail'; error: ScannerErrorKind }
  | { type: 'retry' }
  | { type: 'close' }

/** The scanner before it is opened, and after a scan or a close. */
export const SCANNER_NEW: ScannerState = { status: 'new', result: null }

function scanning(attempt: number): ScannerState {
  return { status: 'scanning', attempt, camera: 'starting', candidate: null, reads: 0 }
}

/**
 * Seeds 001 §2.4 as a reducer: new → scanning → error; a successful scan or closing returns to
 * new. A value is taken only when a frame holds exactly one Code 128 symbol and the same value
 * was read on CONFIRMING_READS consecutive frames; it is left in `result` of the new state.
 */
export function scannerReducer(state: ScannerState, event: ScannerEvent): ScannerState {
  if (event.type === 'close') return SCANNER_NEW
  switch (state.status) {
    case 'new':
      return event.type === 'open' ? scanning(1) : state
    case 'error':
      return event.type === 'retry' ? scanning(state.attempt + 1) : state
    case 'scanning':
      switch (event.type) {
        case 'camera-ready':
          return state.camera === 'live' ? state : { ...state, camera: 'live' }
        case 'fail':
          return { status: 'error', attempt: state.attempt, error: event.error }
        case 'frame': {
          if (state.camera !== 'live') return state
          const [value] = event.values
          if (event.values.length !== 1 || value === undefined || value === '') {
            return state.candidate === null ? state : { ...state, candidate: null, reads: 0 }
          }
          const reads = value === state.candidate ? state.reads + 1 : 1
          if (reads >= CONFIRMING_READS) return { status: 'new', result: value }
          return { ...state, candidate: value, reads }
        }
        default:
          return state
      }
  }
}

/** Why the camera cannot even be asked for: an insecure page or a browser without getUserMedia. */
export function cameraUnavailability(
  isSecureContext: boolean,
  hasGetUserMedia: boolean,
): ScannerErrorKind | null {
  // Browsers hide navigator.mediaDevices outside secure contexts: say which of the two it is.
  if (!isSecureContext) return 'insecure'
  return hasGetUserMedia ? null : 'unsupported'
}

const ERROR_NAMES: Record<string, ScannerErrorKind> = {
  NotAllowedError: 'not-allowed',
  PermissionDeniedError: 'not-allowed',
  SecurityError: 'not-allowed',
  NotFoundError: 'not-found',
  DevicesNotFoundError: 'not-found',
  NotReadableError: 'not-readable',
  TrackStartError: 'not-readable',
  AbortError: 'not-readable',
  OverconstrainedError: 'overconstrained',
  ConstraintNotSatisfiedError: 'overconstrained',
}

/** The scanner error for a getUserMedia failure (DOMException names, old Chrome names too). */
export function cameraErrorKind(error: unknown): ScannerErrorKind {
  const name =
    typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
      ? error.name
      : ''
  return ERROR_NAMES[name] ?? 'unknown'
}

/** A remembered camera that no longer matches is forgotten and the default camera tried once. */
export function shouldFallBackToDefaultCamera(
  kind: ScannerErrorKind,
  rememberedDeviceId: string | null,
): boolean {
  return rememberedDeviceId !== null && (kind === 'overconstrained' || kind === 'not-found')
}

/** getUserMedia constraints (a MediaStreamConstraints; spelt out so Node scripts can import this file). */
export type CameraRequest = {
  audio: false
  video: {
    width: { ideal: number }
    height: { ideal: number }
    deviceId?: { exact: string }
    facingMode?: { ideal: 'environment' }
  }
}

/** The getUserMedia request: the remembered camera, else the rear one (`environment`). */
export function cameraConstraints(deviceId: string | null): CameraRequest {
  const size = { width: { ideal: 1280 }, height: { ideal: 720 } }
  return {
    audio: false,
    video: deviceId
      ? { ...size, deviceId: { exact: deviceId } }
      : { ...size, facingMode: { ideal: 'environment' } },
  }
}

/** The camera after `current` in the device list, wrapping round; null with fewer than two. */
export function nextCamera(
  deviceIds: readonly string[],
  current: string | undefined,
): string | null {
  if (deviceIds.length < 2) return null
  const index = current === undefined ? -1 : deviceIds.indexOf(current)
  return deviceIds[(index + 1) % deviceIds.length] ?? null
}

/** The localStorage key of the camera the engineer switched to. */
export const CAMERA_CHOICE_KEY = 'wb.scannerCamera'

const CameraChoiceSchema = v.object({ deviceId: v.pipe(v.string(), v.minLength(1)) })

/** The remembered camera's device id from its stored JSON, or null when absent or malformed. */
export function parseCameraChoice(raw: string | null): string | null {
  if (raw === null) return null
  try {
    const parsed = v.safeParse(CameraChoiceSchema, JSON.parse(raw))
    return parsed.success ? parsed.output.deviceId : null
  } catch {
    return null
  }
}

/** The JSON stored under CAMERA_CHOICE_KEY. */
export function serializeCameraChoice(deviceId: string): string {
  return JSON.stringify({ deviceId })
}

/**
 * The focus mode a tap applies: a single-shot focus when the camera has one, else re-applying
 * continuous focus (which makes most phones hunt again); null when focus cannot be driven.
 */
export function refocusMode(
  focusModes: readonly string[] | undefined,
): 'single-shot' | 'continuous' | null {
  if (focusModes?.includes('single-shot')) return 'single-shot'
  if (focusModes?.includes('continuous')) return 'continuous'
  return null
}

/**
 * ITU-R BT.601 luma of RGBA pixels, what the decoders read (the camera's own Y plane, in effect).
 * Fully transparent pixels count as white, as a label's background would.
 */
export function rgbaToLuminance(rgba: ArrayLike<number>, pixelCount: number): Uint8ClampedArray {
  const luma = new Uint8ClampedArray(pixelCount)
  for (let i = 0, p = 0; p < pixelCount; i += 4, p += 1) {
    luma[p] =
      (rgba[i + 3] ?? 255) === 0
        ? 255
        : (306 * (rgba[i] ?? 0) + 601 * (rgba[i + 1] ?? 0) + 117 * (rgba[i + 2] ?? 0) + 512) >> 10
  }
  return luma
}
