/**
 * A panel's logo (seeds 001 §7.5 `POST /panels/{panelId}/logo`; the seeds say no more). Decided
 * here: one logo per panel, PNG, JPEG or WebP (no SVG: it can carry script), at most 256 KB, its
 * type read from its first bytes (the declared type must agree). Uploaded and removed by the
 * organisation's super admin (org_super_admin on its owner; developers pass) from the admin
 * area; shown beside the panel's name to everyone who works on the panel. Paths under /api/admin:
 *
 *   GET    panels/{pid}/logo  → the image (any user with a grant on the panel, or global access);
 *                               404 NOT_FOUND when the panel has none
 *   POST   panels/{pid}/logo  ← the image as the body, Content-Type its type → PanelLogoResponse;
 *                               415 for another type (not read), 400 INVALID_FILE when the
 *                               bytes are not the declared image, 413 past the size
 *   DELETE panels/{pid}/logo  → 204
 */
import * as v from 'valibot'

export const PANEL_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export type PanelLogoType = (typeof PANEL_LOGO_TYPES)[number]

/** 256 KB: a crisp logo at twice a header's height is a few dozen KB; this leaves room. */
export const PANEL_LOGO_MAX_BYTES = 256 * 1024

const SIGNATURES: readonly { type: PanelLogoType; at: number; bytes: readonly number[] }[] = [
  { type: 'image/png', at: 0, bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', at: 0, bytes: [0xff, 0xd8, 0xff] },
  // RIFF....WEBP
  { type: 'image/webp', at: 0, bytes: [0x52, 0x49, 0x46, 0x46] },
]

/** The image type the first bytes say, or null for anything else (SVG, GIF, text, …). */
export function panelLogoTypeOf(bytes: Uint8Array): PanelLogoType | null {
  for (const signature of SIGNATURES) {
    const matches = signature.bytes.every((byte, i) => bytes[signature.at + i] === byte)
    if (!matches) continue
    if (signature.type !== 'image/webp') return signature.type
    const webp = [0x57, 0x45, 0x42, 0x50].every((byte, i) => bytes[8 + i] === byte)
    if (webp) return 'image/webp'
  }
  return null
}

export function isPanelLogoType(type: string): type is PanelLogoType {
  return (PANEL_LOGO_TYPES as readonly string[]).includes(type)
}

export const PanelLogoSchema = v.object({
  panel_id: v.number(),
  content_type: v.picklist(PANEL_LOGO_TYPES),
  bytes: v.number(),
  /** ISO date-time of the upload; also what tells one logo from the next. */
  updated_at: v.string(),
})
export type PanelLogo = v.InferOutput<typeof PanelLogoSchema>

export const PanelLogoResponseSchema = v.object({ data: PanelLogoSchema })
export type PanelLogoResponse = v.InferOutput<typeof PanelLogoResponseSchema>
