/**
 * `node scripts/label-video.ts --unit 35 [--out test-results/label-35.y4m] [--frames 60]`:
 * a YUV4MPEG2 video of a unit's label for Chromium's fake camera
 * (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>.y4m`).
 *
 * The label of scripts/labels.ts lies on a dark desk with its bars inside the scanner's region
 * (seeds 001 §9: 20% x, 45% y, 60% wide, 15% tall) with a quiet zone each side, a little sub-pixel
 * hand shake, camera contrast and sensor noise. 4:2:0 with neutral chroma: a grey picture.
 * The e2e spec and scripts/bench-scanner.ts make it at run time (about 1 s), so no binary is
 * committed.
 */
import { createWriteStream } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { once } from 'node:events'
import { parseArgs } from 'node:util'
import { SCAN_REGION } from '../src/lib/scanner.ts'
import { demoUnits, renderLabel, type Label } from './labels.ts'

export type LabelVideoOptions = {
  width?: number
  height?: number
  frames?: number
  fps?: number
  /** Share of the region's width the bars take (the rest is quiet zone). */
  barsShare?: number
  /** Sensor noise amplitude in luma steps (uniform ±). */
  noise?: number
  seed?: number
}

export type LabelVideo = {
  width: number
  height: number
  fps: number
  /** One luma (Y) plane per frame, row by row. */
  frames: Uint8Array[]
}

/** A small seeded PRNG (mulberry32): the same video every run. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The luma planes of a label filmed inside the scan region. */
export function labelVideoFrames(label: Label, options: LabelVideoOptions = {}): LabelVideo {
  const width = options.width ?? 640
  const height = options.height ?? 480
  const frameCount = options.frames ?? 60
  const fps = options.fps ?? 30
  const noise = options.noise ?? 6
  const next = random(options.seed ?? 128)
  const region = {
    x: SCAN_REGION.left * width,
    y: SCAN_REGION.top * height,
    width: SCAN_REGION.width * width,
    height: SCAN_REGION.height * height,
  }
  const scale = (region.width * (options.barsShare ?? 0.7)) / label.bars.width
  const { image } = label
  // Camera contrast: paper is not 255 and ink is not 0.
  const ink = 28
  const paper = 228
  const frames: Uint8Array[] = []
  for (let f = 0; f < frameCount; f += 1) {
    // A hand holding the phone: a slow sub-pixel drift, never out of the region.
    const shakeX = 1.5 * Math.sin((2 * Math.PI * f) / frameCount)
    const shakeY = 1.0 * Math.cos((2 * Math.PI * f) / frameCount)
    const left =
      region.x + region.width / 2 - (label.bars.x + label.bars.width / 2) * scale + shakeX
    const top =
      region.y + region.height / 2 - (label.bars.y + label.bars.height / 2) * scale + shakeY
    const plane = new Uint8Array(width * height)
    for (let y = 0; y < height; y += 1) {
      const sy = (y + 0.5 - top) / scale - 0.5
      for (let x = 0; x < width; x += 1) {
        const sx = (x + 0.5 - left) / scale - 0.5
        // A dark desk, lit a little more in the middle.
        const dx = x / width - 0.5
        const dy = y / height - 0.5
        let value = 70 - 50 * (dx * dx + dy * dy)
        if (sx >= -0.5 && sy >= -0.5 && sx <= image.width - 0.5 && sy <= image.height - 0.5) {
          // Bilinear sampling: the blur of a lens that is not quite in focus, and sub-pixel bars.
          const x0 = Math.max(0, Math.floor(sx))
          const y0 = Math.max(0, Math.floor(sy))
          const x1 = Math.min(image.width - 1, x0 + 1)
          const y1 = Math.min(image.height - 1, y0 + 1)
          const fx = Math.min(1, Math.max(0, sx - x0))
          const fy = Math.min(1, Math.max(0, sy - y0))
          const at = (px: number, py: number) => image.data[py * image.width + px] ?? 255
          const grey =
            (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) +
            (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy
          value = ink + ((paper - ink) * grey) / 255
        }
        plane[y * width + x] = Math.max(
          0,
          Math.min(255, Math.round(value + (next() * 2 - 1) * noise)),
        )
      }
    }
    frames.push(plane)
  }
  return { width, height, fps, frames }
}

/** Writes `video` as YUV4MPEG2 4:2:0 (full-range, chroma 128: grey). */
export async function writeY4m(path: string, video: LabelVideo): Promise<void> {
  await mkdir(dirname(resolve(path)), { recursive: true })
  const out = createWriteStream(path)
  const chroma = Buffer.alloc(2 * Math.ceil(video.width / 2) * Math.ceil(video.height / 2), 128)
  const write = async (chunk: Uint8Array | string) => {
    if (!out.write(chunk)) await once(out, 'drain')
  }
  await write(`YUV4MPEG2 W${video.width} H${video.height} F${video.fps}:1 Ip A1:1 C420jpeg\n`)
  for (const plane of video.frames) {
    await write('FRAME\n')
    await write(plane)
    await write(chroma)
  }
  out.end()
  await once(out, 'finish')
}

/** Renders the label of `serialNumber` and writes its fake-camera video to `path`. */
export async function writeLabelVideo(
  path: string,
  unit: { serialNumber: string; mac: string },
  options: LabelVideoOptions = {},
): Promise<LabelVideo> {
  const video = labelVideoFrames(await renderLabel(unit), options)
  await writeY4m(path, video)
  return video
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      unit: { type: 'string', default: '35' },
      out: { type: 'string' },
      frames: { type: 'string', default: '60' },
    },
  })
  const unit = demoUnits().find((candidate) => candidate.id === Number(values.unit))
  if (!unit) throw new Error(`no demo unit ${values.unit}`)
  const out = values.out ?? `test-results/label-${unit.id}.y4m`
  const started = performance.now()
  const video = await writeLabelVideo(out, unit, { frames: Number(values.frames) })
  console.log(
    `${out}: ${unit.serialNumber}, ${video.width}x${video.height}, ${video.frames.length} frames, ${Math.round(performance.now() - started)} ms`,
  )
}

if (import.meta.main) await main()
