/**
 * `npm run labels [-- --out ./labels] [--panel 3] [--unit 35,36]`: PNG labels of the demo units.
 *
 * Each label is what is stuck on a Whitebox: "Whitebox", the unit's serial number
 * (units.serial_number, WB + 8 digits of the id; server/db/serial-number.ts) as a Code 128 barcode
 * with its text under the bars, and the MAC. The units come from the demo seed's layout
 * (server/db/seed.ts), so no database or running server is needed. The label raster is shared
 * with scripts/label-video.ts, which films it for Chromium's fake camera.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { crc32, deflateSync, inflateSync } from 'node:zlib'
import bwipjs from 'bwip-js'
import {
  DEMO_FLEETS,
  DEMO_PERSONAL_UNITS,
  demoMac,
  NEW_INSTALLS_ON_PANEL_3,
} from '../server/db/seed.ts'
import { serialNumberFor } from '../server/db/serial-number.ts'

/** A demo unit as its label shows it. */
export type DemoUnit = { id: number; panelId: number; mac: string; serialNumber: string }

/** An 8-bit greyscale picture, row by row (0 black, 255 white). */
export type GreyImage = { width: number; height: number; data: Uint8Array }

export type Box = { x: number; y: number; width: number; height: number }

/** Every unit the demo seed creates, in id order. */
export function demoUnits(): DemoUnit[] {
  // The seed's layout: personal units on panel 1, the fleets, then panel 3's new installs.
  const panels: number[] = [
    ...DEMO_PERSONAL_UNITS.map(() => 1),
    ...DEMO_FLEETS.flatMap(([panelId, count]) => Array.from({ length: count }, () => panelId)),
    ...Array.from({ length: NEW_INSTALLS_ON_PANEL_3 }, () => 3),
  ]
  return panels.map((panelId, index) => {
    const id = index + 1
    return { id, panelId, mac: demoMac(id), serialNumber: serialNumberFor(id) }
  })
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c
  const pa = Math.abs(p - a)
  const pb = Math.abs(p - b)
  const pc = Math.abs(p - c)
  if (pa <= pb && pa <= pc) return a
  return pb <= pc ? b : c
}

/**
 * A non-interlaced 8-bit PNG (grey, grey+alpha, RGB or RGBA: what bwip-js writes) as greyscale,
 * transparent parts over white. Enough PNG for our own labels; not a general decoder.
 */
export function decodePng(png: Buffer): GreyImage {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG')
  let offset = 8
  let width = 0
  let height = 0
  let colourType = 0
  const idat: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = body.readUInt32BE(0)
      height = body.readUInt32BE(4)
      const bitDepth = body.readUInt8(8)
      colourType = body.readUInt8(9)
      if (bitDepth !== 8 || body.readUInt8(12) !== 0 || ![0, 2, 4, 6].includes(colourType)) {
        throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colourType}`)
      }
    } else if (type === 'IDAT') {
      idat.push(body)
    }
    offset += 12 + length
  }
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colourType] ?? 1
  const stride = width * channels
  const raw = inflateSync(Buffer.concat(idat))
  const pixels = new Uint8Array(stride * height)
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)] ?? 0
    const line = y * stride
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0
      const left = x >= channels ? (pixels[line + x - channels] ?? 0) : 0
      const up = y > 0 ? (pixels[line - stride + x] ?? 0) : 0
      const upLeft = y > 0 && x >= channels ? (pixels[line - stride + x - channels] ?? 0) : 0
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter] ?? 0
      pixels[line + x] = (value + predictor) & 0xff
    }
  }
  const data = new Uint8Array(width * height)
  for (let p = 0; p < width * height; p += 1) {
    const at = p * channels
    const grey =
      channels >= 3
        ? 0.299 * (pixels[at] ?? 0) + 0.587 * (pixels[at + 1] ?? 0) + 0.114 * (pixels[at + 2] ?? 0)
        : (pixels[at] ?? 0)
    const alpha = channels === 2 || channels === 4 ? (pixels[at + channels - 1] ?? 255) / 255 : 1
    data[p] = Math.round(grey * alpha + 255 * (1 - alpha))
  }
  return { width, height, data }
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(body.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0)
  return Buffer.concat([head, body, crc])
}

/** An 8-bit greyscale PNG of `image`. */
export function encodePng(image: GreyImage): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(image.width, 0)
  header.writeUInt32BE(image.height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(0, 9) // greyscale
  const rows = Buffer.alloc((image.width + 1) * image.height)
  for (let y = 0; y < image.height; y += 1) {
    // Filter byte 0 (none) then the row.
    rows.set(image.data.subarray(y * image.width, (y + 1) * image.width), y * (image.width + 1) + 1)
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

function blankImage(width: number, height: number): GreyImage {
  return { width, height, data: new Uint8Array(width * height).fill(255) }
}

function paste(target: GreyImage, source: GreyImage, left: number, top: number): void {
  for (let y = 0; y < source.height; y += 1) {
    const row = source.data.subarray(y * source.width, (y + 1) * source.width)
    target.data.set(row, (top + y) * target.width + left)
  }
}

/** Text in bwip-js's OCR-B font; returns its width in pixels. `draw` false only measures it. */
function drawText(
  image: GreyImage | null,
  text: string,
  size: number,
  left: number,
  baseline: number,
): number {
  const font = bwipjs.FontLib.lookup('OCR-B')
  let x = left
  for (const char of text) {
    const glyph = bwipjs.FontLib.getglyph(font, char.charCodeAt(0), size, size)
    if (image) {
      for (let gy = 0; gy < glyph.height; gy += 1) {
        for (let gx = 0; gx < glyph.width; gx += 1) {
          const coverage = glyph.bytes[glyph.offset + gy * glyph.width + gx] ?? 0
          const px = Math.round(x + glyph.left + gx)
          const py = baseline - glyph.top + gy
          if (coverage === 0 || px < 0 || py < 0 || px >= image.width || py >= image.height)
            continue
          const at = py * image.width + px
          image.data[at] = Math.min(image.data[at] ?? 255, 255 - coverage)
        }
      }
    }
    x += glyph.advance
  }
  return x - left
}

/** The bars of a Code 128 picture: the first dark row and the identical rows below it. */
function findBars(image: GreyImage): Box {
  const dark = (x: number, y: number) => (image.data[y * image.width + x] ?? 255) < 128
  let top = 0
  while (
    top < image.height &&
    !Array.from({ length: image.width }, (_, x) => dark(x, top)).some(Boolean)
  ) {
    top += 1
  }
  const first = image.data.subarray(top * image.width, (top + 1) * image.width)
  let bottom = top + 1
  while (
    bottom < image.height &&
    Buffer.from(image.data.subarray(bottom * image.width, (bottom + 1) * image.width)).equals(first)
  ) {
    bottom += 1
  }
  let left = 0
  while (left < image.width && !dark(left, top)) left += 1
  let right = image.width - 1
  while (right > left && !dark(right, top)) right -= 1
  return { x: left, y: top, width: right - left + 1, height: bottom - top }
}

/** A unit's label: the picture and where its bars are in it (label-video.ts aims at them). */
export type Label = { image: GreyImage; bars: Box }

/** Draws a unit's label at 3 px a module (≈ 0.5 mm at 150 dpi, a common label printer size). */
export async function renderLabel(unit: Pick<DemoUnit, 'serialNumber' | 'mac'>): Promise<Label> {
  const scale = 3
  const barcode = decodePng(
    await bwipjs.toBuffer({
      bcid: 'code128',
      text: unit.serialNumber,
      scale,
      height: 12,
      includetext: true,
      textxalign: 'center',
      textsize: 11,
      textyoffset: -3,
      // Code 128 wants a quiet zone of 10 modules each side.
      paddingwidth: 10,
      paddingheight: 4,
      backgroundcolor: 'FFFFFF',
    }),
  )
  const margin = 18
  const brandSize = 34
  const macSize = 22
  const macText = `MAC ${unit.mac}`
  const width = Math.max(barcode.width, drawText(null, macText, macSize, 0, 0)) + 2 * margin
  const brandBaseline = margin + brandSize
  const barcodeTop = brandBaseline + 14
  const macBaseline = barcodeTop + barcode.height + macSize + 6
  const image = blankImage(width, macBaseline + margin)
  drawText(image, 'Whitebox', brandSize, margin, brandBaseline)
  paste(image, barcode, Math.round((width - barcode.width) / 2), barcodeTop)
  drawText(
    image,
    macText,
    macSize,
    Math.round((width - drawText(null, macText, macSize, 0, 0)) / 2),
    macBaseline,
  )
  // A thin frame: where the label's edge is.
  for (let x = 0; x < width; x += 1) {
    image.data[x] = 0
    image.data[(image.height - 1) * width + x] = 0
  }
  for (let y = 0; y < image.height; y += 1) {
    image.data[y * width] = 0
    image.data[y * width + width - 1] = 0
  }
  const bars = findBars(barcode)
  return {
    image,
    bars: {
      ...bars,
      x: bars.x + Math.round((width - barcode.width) / 2),
      y: bars.y + barcodeTop,
    },
  }
}

/** File name of a unit's label PNG. */
export function labelFileName(unit: Pick<DemoUnit, 'id' | 'panelId' | 'serialNumber'>): string {
  return `panel-${unit.panelId}-unit-${unit.id}-${unit.serialNumber}.png`
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: 'labels' },
      panel: { type: 'string' },
      unit: { type: 'string' },
    },
  })
  const wantedIds = values.unit === undefined ? null : new Set(values.unit.split(',').map(Number))
  const units = demoUnits().filter(
    (unit) =>
      (values.panel === undefined || unit.panelId === Number(values.panel)) &&
      (wantedIds === null || wantedIds.has(unit.id)),
  )
  const outDir = resolve(values.out)
  await mkdir(outDir, { recursive: true })
  for (const unit of units) {
    const { image } = await renderLabel(unit)
    await writeFile(join(outDir, labelFileName(unit)), encodePng(image))
  }
  const panels = [...new Set(units.map((unit) => unit.panelId))]
  console.log(
    `${units.length} labels written to ${outDir} (${panels
      .map((panel) => `panel ${panel}: ${units.filter((unit) => unit.panelId === panel).length}`)
      .join(', ')})`,
  )
}

if (import.meta.main) await main()
