import { describe, expect, it } from 'vitest'
import {
  cameraConstraints,
  cameraErrorKind,
  cameraUnavailability,
  canUseScanner,
  decodeSize,
  fitContain,
  nextCamera,
  parseCameraChoice,
  refocusMode,
  regionCrop,
  rgbaToLuminance,
  SCANNER_NEW,
  scannerReducer,
  serializeCameraChoice,
  shouldFallBackToDefaultCamera,
  type ScannerEvent,
  type ScannerState,
} from './scanner'

describe('canUseScanner', () => {
  it.each([
    { width: 390, grant: true, expected: true },
    { width: 767, grant: true, expected: true },
    { width: 767.5, grant: true, expected: true },
    { width: 768, grant: true, expected: false },
    { width: 1280, grant: true, expected: false },
    { width: 390, grant: false, expected: false },
  ])('width $width, grant $grant → $expected', ({ width, grant, expected }) => {
    expect(canUseScanner(width, grant)).toBe(expected)
  })
})

describe('regionCrop', () => {
  it.each([
    {
      name: 'view with the frame’s aspect: the seeds’ fractions of the frame',
      frame: { width: 640, height: 480 },
      view: { width: 390, height: 292.5 },
      expected: { x: 128, y: 216, width: 384, height: 72 },
    },
    {
      name: 'portrait phone camera shown at its own size',
      frame: { width: 720, height: 1280 },
      view: { width: 720, height: 1280 },
      expected: { x: 144, y: 576, width: 432, height: 192 },
    },
    {
      name: 'landscape frame covering a portrait view: the sides are cut off',
      frame: { width: 640, height: 480 },
      view: { width: 390, height: 960 },
      // Scaled ×2 to 1280×960, offset x −445: region 78..312 view px → 261.5..378.5 frame px.
      expected: { x: 261, y: 216, width: 118, height: 72 },
    },
    {
      name: 'portrait frame covering a wide view: top and bottom cut off',
      frame: { width: 480, height: 640 },
      view: { width: 480, height: 320 },
      // Offset y −160; region 144..192 view px → 304..352 frame px.
      expected: { x: 96, y: 304, width: 288, height: 48 },
    },
    {
      name: 'no frame yet',
      frame: { width: 0, height: 0 },
      view: { width: 390, height: 292 },
      expected: null,
    },
    {
      name: 'view not laid out',
      frame: { width: 640, height: 480 },
      view: { width: 0, height: 0 },
      expected: null,
    },
  ])('$name', ({ frame, view, expected }) => {
    expect(regionCrop(frame, view)).toEqual(expected)
  })

  it('never leaves the frame for a region past its edge', () => {
    expect(
      regionCrop(
        { width: 100, height: 100 },
        { width: 100, height: 100 },
        { left: 0.9, top: -0.1, width: 0.3, height: 0.3 },
      ),
    ).toEqual({ x: 90, y: 0, width: 10, height: 20 })
  })
})

describe('fitContain', () => {
  it.each([
    {
      frame: { width: 640, height: 480 },
      area: { width: 390, height: 600 },
      expected: { width: 390, height: 292 },
    },
    {
      frame: { width: 720, height: 1280 },
      area: { width: 390, height: 600 },
      expected: { width: 337, height: 600 },
    },
    {
      frame: { width: 1280, height: 720 },
      area: { width: 1280, height: 720 },
      expected: { width: 1280, height: 720 },
    },
    {
      frame: { width: 320, height: 240 },
      area: { width: 640, height: 960 },
      expected: { width: 640, height: 480 },
    },
    { frame: { width: 0, height: 0 }, area: { width: 390, height: 600 }, expected: null },
    { frame: { width: 640, height: 480 }, area: { width: 390, height: 0 }, expected: null },
  ])('$frame.width×$frame.height in $area.width×$area.height', ({ frame, area, expected }) => {
    expect(fitContain(frame, area)).toEqual(expected)
  })
})

describe('decodeSize', () => {
  it.each([
    { crop: { width: 384, height: 72 }, expected: { width: 384, height: 72 } },
    { crop: { width: 960, height: 100 }, expected: { width: 960, height: 100 } },
    { crop: { width: 1152, height: 162 }, expected: { width: 960, height: 135 } },
    { crop: { width: 4000, height: 1 }, expected: { width: 960, height: 1 } },
  ])('$crop.width×$crop.height → $expected.width×$expected.height', ({ crop, expected }) => {
    expect(decodeSize(crop)).toEqual(expected)
  })
})

const scanningState = (
  overrides: Partial<Extract<ScannerState, { status: 'scanning' }>> = {},
): ScannerState => ({
  status: 'scanning',
  attempt: 1,
  camera: 'live',
  candidate: null,
  reads: 0,
  ...overrides,
})
const errorState: ScannerState = { status: 'error', attempt: 2, error: 'not-allowed' }

describe('scannerReducer', () => {
  it.each<{ name: string; from: ScannerState; event: ScannerEvent; to: ScannerState }>([
    {
      name: 'new + open → scanning with the camera starting',
      from: SCANNER_NEW,
      event: { type: 'open' },
      to: { status: 'scanning', attempt: 1, camera: 'starting', candidate: null, reads: 0 },
    },
    {
      name: 'new after a scan + open → scanning, the old result dropped',
      from: { status: 'new', result: 'WB00000035' },
      event: { type: 'open' },
      to: scanningState({ camera: 'starting' }),
    },
    {
      name: 'new ignores frames',
      from: SCANNER_NEW,
      event: { type: 'frame', values: ['X'] },
      to: SCANNER_NEW,
    },
    {
      name: 'new ignores failures',
      from: SCANNER_NEW,
      event: { type: 'fail', error: 'unknown' },
      to: SCANNER_NEW,
    },
    {
      name: 'scanning + camera-ready → live',
      from: scanningState({ camera: 'starting' }),
      event: { type: 'camera-ready' },
      to: scanningState(),
    },
    {
      name: 'frames before the camera is live are ignored',
      from: scanningState({ camera: 'starting' }),
      event: { type: 'frame', values: ['WB00000035'] },
      to: scanningState({ camera: 'starting' }),
    },
    {
      name: 'a first read becomes the candidate',
      from: scanningState(),
      event: { type: 'frame', values: ['WB00000035'] },
      to: scanningState({ candidate: 'WB00000035', reads: 1 }),
    },
    {
      name: 'the same value on the next frame is taken: back to new with the result',
      from: scanningState({ candidate: 'WB00000035', reads: 1 }),
      event: { type: 'frame', values: ['WB00000035'] },
      to: { status: 'new', result: 'WB00000035' },
    },
    {
      name: 'a different value on the next frame starts over with it',
      from: scanningState({ candidate: 'WB00000035', reads: 1 }),
      event: { type: 'frame', values: ['WB00000036'] },
      to: scanningState({ candidate: 'WB00000036', reads: 1 }),
    },
    {
      name: 'a frame without a code breaks the run',
      from: scanningState({ candidate: 'WB00000035', reads: 1 }),
      event: { type: 'frame', values: [] },
      to: scanningState(),
    },
    {
      name: 'two codes in the region is not one Code 128: the run breaks',
      from: scanningState({ candidate: 'WB00000035', reads: 1 }),
      event: { type: 'frame', values: ['WB00000035', 'WB00000035'] },
      to: scanningState(),
    },
    {
      name: 'an empty value is no read',
      from: scanningState({ candidate: 'WB00000035', reads: 1 }),
      event: { type: 'frame', values: [''] },
      to: scanningState(),
    },
    {
      name: 'scanning + fail → error, keeping the attempt',
      from: scanningState({ attempt: 3 }),
      event: { type: 'fail', error: 'not-readable' },
      to: { status: 'error', attempt: 3, error: 'not-readable' },
    },
    {
      name: 'scanning + close → new without a result',
      from: scanningState({ candidate: 'WB00000035', reads: 1 }),
      event: { type: 'close' },
      to: SCANNER_NEW,
    },
    {
      name: 'scanning ignores retry',
      from: scanningState(),
      event: { type: 'retry' },
      to: scanningState(),
    },
    {
      name: 'error + retry → scanning with a new attempt (the camera restarts)',
      from: errorState,
      event: { type: 'retry' },
      to: scanningState({ attempt: 3, camera: 'starting' }),
    },
    { name: 'error + close → new', from: errorState, event: { type: 'close' }, to: SCANNER_NEW },
    {
      name: 'error ignores frames',
      from: errorState,
      event: { type: 'frame', values: ['X'] },
      to: errorState,
    },
    {
      name: 'error ignores a late camera-ready',
      from: errorState,
      event: { type: 'camera-ready' },
      to: errorState,
    },
  ])('$name', ({ from, event, to }) => {
    expect(scannerReducer(from, event)).toEqual(to)
  })
})

describe('cameraErrorKind', () => {
  const domError = (name: string) => new DOMException('camera', name)
  it.each([
    { error: domError('NotAllowedError'), expected: 'not-allowed' },
    { error: domError('SecurityError'), expected: 'not-allowed' },
    { error: { name: 'PermissionDeniedError' }, expected: 'not-allowed' },
    { error: domError('NotFoundError'), expected: 'not-found' },
    { error: { name: 'DevicesNotFoundError' }, expected: 'not-found' },
    { error: domError('NotReadableError'), expected: 'not-readable' },
    { error: { name: 'TrackStartError' }, expected: 'not-readable' },
    { error: domError('AbortError'), expected: 'not-readable' },
    {
      error: Object.assign(new Error('c'), { name: 'OverconstrainedError' }),
      expected: 'overconstrained',
    },
    { error: new TypeError('bad constraints'), expected: 'unknown' },
    { error: 'a string', expected: 'unknown' },
    { error: null, expected: 'unknown' },
  ])('$error → $expected', ({ error, expected }) => {
    expect(cameraErrorKind(error)).toBe(expected)
  })
})

describe('cameraUnavailability', () => {
  it.each([
    { secure: true, gum: true, expected: null },
    { secure: false, gum: false, expected: 'insecure' },
    { secure: false, gum: true, expected: 'insecure' },
    { secure: true, gum: false, expected: 'unsupported' },
  ])('secure $secure, getUserMedia $gum → $expected', ({ secure, gum, expected }) => {
    expect(cameraUnavailability(secure, gum)).toBe(expected)
  })
})

describe('shouldFallBackToDefaultCamera', () => {
  it.each([
    { kind: 'overconstrained', remembered: 'cam-2', expected: true },
    { kind: 'not-found', remembered: 'cam-2', expected: true },
    { kind: 'overconstrained', remembered: null, expected: false },
    { kind: 'not-allowed', remembered: 'cam-2', expected: false },
    { kind: 'not-readable', remembered: 'cam-2', expected: false },
  ] as const)('$kind with $remembered → $expected', ({ kind, remembered, expected }) => {
    expect(shouldFallBackToDefaultCamera(kind, remembered)).toBe(expected)
  })
})

describe('cameraConstraints', () => {
  it('asks for the rear camera by default', () => {
    expect(cameraConstraints(null)).toEqual({
      audio: false,
      video: {
        width: { ideal: 1280 },
        height: { ideal: 720 },
        facingMode: { ideal: 'environment' },
      },
    })
  })
  it('asks for exactly the remembered camera', () => {
    expect(cameraConstraints('cam-2')).toEqual({
      audio: false,
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, deviceId: { exact: 'cam-2' } },
    })
  })
})

describe('nextCamera', () => {
  it.each([
    { ids: [], current: undefined, expected: null },
    { ids: ['a'], current: 'a', expected: null },
    { ids: ['a', 'b'], current: 'a', expected: 'b' },
    { ids: ['a', 'b'], current: 'b', expected: 'a' },
    { ids: ['a', 'b', 'c'], current: 'b', expected: 'c' },
    { ids: ['a', 'b', 'c'], current: 'gone', expected: 'a' },
    { ids: ['a', 'b', 'c'], current: undefined, expected: 'a' },
  ])('$ids from $current → $expected', ({ ids, current, expected }) => {
    expect(nextCamera(ids, current)).toBe(expected)
  })
})

describe('camera choice storage', () => {
  it.each([
    { raw: null, expected: null },
    { raw: serializeCameraChoice('cam-2'), expected: 'cam-2' },
    { raw: '{"deviceId":""}', expected: null },
    { raw: '{"deviceId":42}', expected: null },
    { raw: 'not json', expected: null },
    { raw: '"cam-2"', expected: null },
  ])('$raw → $expected', ({ raw, expected }) => {
    expect(parseCameraChoice(raw)).toBe(expected)
  })
})

describe('refocusMode', () => {
  it.each([
    { modes: ['continuous', 'single-shot', 'manual'], expected: 'single-shot' },
    { modes: ['continuous', 'manual'], expected: 'continuous' },
    { modes: ['manual'], expected: null },
    { modes: [], expected: null },
    { modes: undefined, expected: null },
  ])('$modes → $expected', ({ modes, expected }) => {
    expect(refocusMode(modes)).toBe(expected)
  })
})

describe('rgbaToLuminance', () => {
  it.each([
    { name: 'white', rgba: [255, 255, 255, 255], expected: 255 },
    { name: 'black', rgba: [0, 0, 0, 255], expected: 0 },
    { name: 'pure green weighs most', rgba: [0, 255, 0, 255], expected: 150 },
    { name: 'pure red', rgba: [255, 0, 0, 255], expected: 76 },
    { name: 'pure blue weighs least', rgba: [0, 0, 255, 255], expected: 29 },
    { name: 'transparent counts as white', rgba: [0, 0, 0, 0], expected: 255 },
  ])('$name → $expected', ({ rgba, expected }) => {
    expect(Array.from(rgbaToLuminance(rgba, 1))).toEqual([expected])
  })

  it('keeps pixel order', () => {
    expect(Array.from(rgbaToLuminance([0, 0, 0, 255, 255, 255, 255, 255], 2))).toEqual([0, 255])
  })
})
