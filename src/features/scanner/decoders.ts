/**
 * A Code 128 reader for the region crop: the browser's own BarcodeDetector where it reads
 * code_128 (Android Chrome, Safari), else ZXing, fetched as its own chunk only when the scanner
 * opens (Chromium on Linux and Windows, Firefox).
 */

/** Reads the Code 128 symbols in a canvas: none, one or several values. */
export type Code128Decoder = {
  readonly kind: 'native' | 'zxing'
  decode: (canvas: HTMLCanvasElement) => Promise<string[]>
}

type DetectedBarcode = { rawValue: string; format: string }
type BarcodeDetectorInstance = { detect: (source: CanvasImageSource) => Promise<DetectedBarcode[]> }
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorInstance
  getSupportedFormats: () => Promise<string[]>
}

const CODE_128 = 'code_128'

/** The shape-detection API when the browser has it (it is not in TypeScript's DOM types yet). */
function barcodeDetectorClass(): BarcodeDetectorClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector
  return typeof candidate === 'function' ? candidate : null
}

async function nativeDecoder(): Promise<Code128Decoder | null> {
  const Detector = barcodeDetectorClass()
  if (!Detector) return null
  try {
    // Desktop Chrome exposes the class with no formats on platforms without a detector.
    if (!(await Detector.getSupportedFormats()).includes(CODE_128)) return null
    const detector = new Detector({ formats: [CODE_128] })
    return {
      kind: 'native',
      decode: async (canvas) =>
        (await detector.detect(canvas))
          .filter((barcode) => barcode.format === CODE_128)
          .map((barcode) => barcode.rawValue),
    }
  } catch {
    return null
  }
}

async function pickDecoder(): Promise<Code128Decoder> {
  const native = await nativeDecoder()
  if (native) return native
  const { createZxingCode128Decoder } = await import('./zxing-code128')
  return createZxingCode128Decoder()
}

let loading: Promise<Code128Decoder> | null = null

/** The decoder, loaded once per page; a failed load (offline, chunk missing) is tried again next time. */
export function loadCode128Decoder(): Promise<Code128Decoder> {
  loading ??= pickDecoder().catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}
