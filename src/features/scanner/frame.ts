import { decodeSize, regionCrop } from '../../lib/scanner'

/**
 * Draws the part of the current video frame under the scan region onto `canvas` and returns it,
 * or null while the video has no frame or no layout. Only this crop is decoded.
 */
export function grabRegion(
  video: HTMLVideoElement,
  canvas: HTMLCanvasElement,
): HTMLCanvasElement | null {
  const crop = regionCrop(
    { width: video.videoWidth, height: video.videoHeight },
    { width: video.clientWidth, height: video.clientHeight },
  )
  if (!crop) return null
  const size = decodeSize(crop)
  if (canvas.width !== size.width) canvas.width = size.width
  if (canvas.height !== size.height) canvas.height = size.height
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) return null
  context.drawImage(video, crop.x, crop.y, crop.width, crop.height, 0, 0, size.width, size.height)
  return canvas
}
