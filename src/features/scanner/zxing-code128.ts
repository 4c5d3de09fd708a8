/**
 * ZXing's Code 128 reader on a canvas: the fallback where the browser has no BarcodeDetector.
 * Only this module imports @zxing/library, through dynamic import(), so it is its own chunk.
 */
// Module paths, not the package index: the library is not marked free of side effects, so its
// index brings every format's reader (this chunk measured 117 KB gzip that way, 12 KB this way).
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat'
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap'
import ChecksumException from '@zxing/library/esm/core/ChecksumException'
import GlobalHistogramBinarizer from '@zxing/library/esm/core/common/GlobalHistogramBinarizer'
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType'
import FormatException from '@zxing/library/esm/core/FormatException'
import NotFoundException from '@zxing/library/esm/core/NotFoundException'
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader'
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource'
import { rgbaToLuminance } from '../../lib/scanner'
import type { Code128Decoder } from './decoders'

/** ZXing decoding the whole canvas for one Code 128 symbol. */
export function createZxingCode128Decoder(): Code128Decoder {
  // Only the Code 128 reader runs, never the other formats' readers (seeds 001 §2.4: Code 128 only).
  const reader = new Code128Reader()
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
  ])
  return {
    kind: 'zxing',
    decode: (canvas) => {
      const context = canvas.getContext('2d', { willReadFrequently: true })
      if (!context) return Promise.resolve([])
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height)
      // A 1-D reader needs only a row histogram: the global binarizer, not the hybrid one.
      const bitmap = new BinaryBitmap(
        new GlobalHistogramBinarizer(
          new RGBLuminanceSource(rgbaToLuminance(data, width * height), width, height),
        ),
      )
      try {
        const result = reader.decode(bitmap, hints)
        return Promise.resolve(
          result.getBarcodeFormat() === BarcodeFormat.CODE_128 ? [result.getText()] : [],
        )
      } catch (error) {
        // No symbol, a bad check digit or a broken pattern: this frame has no read.
        if (
          error instanceof NotFoundException ||
          error instanceof ChecksumException ||
          error instanceof FormatException
        ) {
          return Promise.resolve([])
        }
        return Promise.reject(error instanceof Error ? error : new Error(String(error)))
      }
    },
  }
}
