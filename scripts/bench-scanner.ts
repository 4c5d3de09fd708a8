/**
 * `node scripts/bench-scanner.ts [--frames 200] [--unit 35] [--dist dist] [--build]`: the scanner's
 * figures for issue 6 §6.
 *
 * - Decode time per frame on the region crop: the fake-camera label video of scripts/label-video.ts
 *   (640×480, label inside the region) decoded by ZXing's Code 128 reader in Node, on the luma
 *   crop of the scan region (what the app decodes), median and p95; once from the Y plane and
 *   once including the RGBA → luma conversion the browser path does after getImageData. Again
 *   on frames with no whole code (bars wider than the region), the cost while aiming.
 * - The scanner's chunks in a build, found through their source maps (names are hashed and the
 *   scanner's UI chunk is named after whatever imports it): the chunk holding
 *   src/features/scanner and the ZXing chunk, bytes and gzip -9.
 * Prints JSON and writes bench-results/scanner.json. `--build` builds into a temporary folder
 * first (leaves dist/ alone); otherwise it reads --dist (run `npm run build` before).
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync, constants as zlib } from 'node:zlib'
import {
  BarcodeFormat,
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  GlobalHistogramBinarizer,
  PlanarYUVLuminanceSource,
  RGBLuminanceSource,
} from '@zxing/library'
import { regionCrop, rgbaToLuminance, type Rect } from '../src/lib/scanner.ts'
import { percentile } from './bench-support.ts'
import { labelVideoFrames, type LabelVideo } from './label-video.ts'
import { demoUnits, renderLabel } from './labels.ts'

const ROOT = join(import.meta.dirname, '..')

type Timing = { frames: number; decoded: number; medianMs: number; p95Ms: number; meanMs: number }
type ChunkFigure = { file: string; bytes: number; gzipBytes: number; gzipKb: number }
type ChunkReport =
  | { available: false; reason: string }
  | { available: true; dist: string; ui: ChunkFigure[]; zxing: ChunkFigure[]; totalGzipKb: number }

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000
}

function timing(samples: number[], decoded: number): Timing {
  const sorted = [...samples].sort((a, b) => a - b)
  // No frames (--frames 0): zeros rather than NaN in the report.
  const at = (p: number) => (sorted.length === 0 ? 0 : percentile(sorted, p))
  return {
    frames: samples.length,
    decoded,
    medianMs: round(at(50)),
    p95Ms: round(at(95)),
    meanMs: round(samples.reduce((sum, ms) => sum + ms, 0) / Math.max(1, samples.length)),
  }
}

/** Times ZXing (as set up in src/features/scanner/zxing-code128.ts) on each frame's region crop. */
function benchDecode(video: LabelVideo, crop: Rect, expected: string) {
  const reader = new Code128Reader()
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
  ])
  const decode = (source: PlanarYUVLuminanceSource | RGBLuminanceSource): boolean => {
    try {
      const bitmap = new BinaryBitmap(new GlobalHistogramBinarizer(source))
      return reader.decode(bitmap, hints).getText() === expected
    } catch {
      return false
    }
  }
  // The crop as RGBA, as getImageData returns it in the browser (grey: R = G = B = Y).
  const rgbaCrops = video.frames.map((plane) => {
    const rgba = new Uint8ClampedArray(crop.width * crop.height * 4)
    for (let y = 0; y < crop.height; y += 1) {
      for (let x = 0; x < crop.width; x += 1) {
        const luma = plane[(crop.y + y) * video.width + crop.x + x] ?? 0
        const at = (y * crop.width + x) * 4
        rgba[at] = luma
        rgba[at + 1] = luma
        rgba[at + 2] = luma
        rgba[at + 3] = 255
      }
    }
    return rgba
  })
  // The crop of a frame's Y plane, as the camera path hands it to ZXing.
  const yCrop = (plane: Uint8Array) =>
    new PlanarYUVLuminanceSource(
      new Uint8ClampedArray(plane.buffer),
      video.width,
      video.height,
      crop.x,
      crop.y,
      crop.width,
      crop.height,
      false,
    )
  // Warm the JIT so the first frames do not count the compilation.
  for (const plane of video.frames.slice(0, 20)) decode(yCrop(plane))
  const yPlane: number[] = []
  let yDecoded = 0
  for (const plane of video.frames) {
    const started = performance.now()
    const ok = decode(yCrop(plane))
    yPlane.push(performance.now() - started)
    if (ok) yDecoded += 1
  }
  const fromRgba: number[] = []
  let rgbaDecoded = 0
  for (const rgba of rgbaCrops) {
    const started = performance.now()
    const luma = rgbaToLuminance(rgba, crop.width * crop.height)
    const ok = decode(new RGBLuminanceSource(luma, crop.width, crop.height))
    fromRgba.push(performance.now() - started)
    if (ok) rgbaDecoded += 1
  }
  return { yPlane: timing(yPlane, yDecoded), withRgbaToLuma: timing(fromRgba, rgbaDecoded) }
}

type SourceMap = { sources?: string[] }

async function chunkFigures(dist: string): Promise<ChunkReport> {
  const assets = join(dist, 'assets')
  if (!existsSync(assets)) return { available: false, reason: `${assets} not found: build first` }
  const ui: ChunkFigure[] = []
  const zxing: ChunkFigure[] = []
  for (const file of await readdir(assets)) {
    if (!file.endsWith('.js') || !existsSync(join(assets, `${file}.map`))) continue
    const map = JSON.parse(await readFile(join(assets, `${file}.map`), 'utf8')) as SourceMap
    const sources = map.sources ?? []
    const isUi = sources.some((source) => source.includes('src/features/scanner/'))
    const isZxing = sources.some((source) => source.includes('@zxing/library'))
    if (!isUi && !isZxing) continue
    const body = await readFile(join(assets, file))
    const gzipBytes = gzipSync(body, { level: zlib.Z_BEST_COMPRESSION }).length
    const figure = { file, bytes: body.length, gzipBytes, gzipKb: round(gzipBytes / 1024) }
    // ZXing's chunk also holds zxing-code128.ts from src/features/scanner: count it as ZXing.
    if (isZxing) zxing.push(figure)
    else ui.push(figure)
  }
  if (ui.length === 0 && zxing.length === 0) {
    return {
      available: false,
      reason: `no chunk of ${relative(ROOT, dist)} holds src/features/scanner: is ScannerButton imported yet?`,
    }
  }
  const total = [...ui, ...zxing].reduce((sum, chunk) => sum + chunk.gzipBytes, 0)
  return {
    available: true,
    dist: relative(ROOT, dist),
    ui,
    zxing,
    totalGzipKb: round(total / 1024),
  }
}

function buildInto(outDir: string): void {
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, args, {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${String(result.status)}`)
  }
  run([join(ROOT, 'node_modules/@tanstack/router-cli/bin/tsr.cjs'), 'generate'])
  run([
    join(ROOT, 'node_modules/vite/bin/vite.js'),
    'build',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'error',
  ])
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      frames: { type: 'string', default: '200' },
      unit: { type: 'string', default: '35' },
      dist: { type: 'string', default: 'dist' },
      build: { type: 'boolean', default: false },
    },
  })
  const unit = demoUnits().find((candidate) => candidate.id === Number(values.unit))
  if (!unit) throw new Error(`no demo unit ${values.unit}`)
  const video = labelVideoFrames(await renderLabel(unit), { frames: Number(values.frames) })
  // The app's view shows the whole frame (fitContain), so the crop is the region of the frame.
  const crop = regionCrop(video, video)
  if (!crop) throw new Error('empty region')
  const decode = benchDecode(video, crop, unit.serialNumber)
  // While the engineer aims, most frames hold no whole code and cost the most (every row tried):
  // bars wider than the region, cut at both ends.
  const aiming = labelVideoFrames(await renderLabel(unit), {
    frames: Number(values.frames),
    barsShare: 1.3,
  })
  const miss = benchDecode(aiming, crop, unit.serialNumber)

  let chunks: ChunkReport
  if (values.build) {
    const outDir = await mkdtemp(join(tmpdir(), 'wb-bench-scanner-'))
    try {
      buildInto(outDir)
      chunks = await chunkFigures(outDir)
      if (chunks.available) chunks.dist = 'a fresh build (--build)'
    } finally {
      await rm(outDir, { recursive: true, force: true })
    }
  } else {
    chunks = await chunkFigures(resolve(ROOT, values.dist))
  }

  const report = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    label: { unitId: unit.id, value: unit.serialNumber },
    video: { width: video.width, height: video.height, frames: video.frames.length },
    regionCrop: crop,
    decoder:
      'ZXing Code128Reader + GlobalHistogramBinarizer (the app’s fallback; BarcodeDetector is native)',
    decode,
    /** Frames without a readable code (aiming): `decoded` must be 0. */
    decodeMiss: miss,
    chunks,
  }
  await mkdir(join(ROOT, 'bench-results'), { recursive: true })
  await writeFile(
    join(ROOT, 'bench-results', 'scanner.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  )
  console.log(JSON.stringify(report, null, 2))
}

if (import.meta.main) await main()
