import {
  CAMERA_CHOICE_KEY,
  cameraConstraints,
  cameraErrorKind,
  parseCameraChoice,
  serializeCameraChoice,
  shouldFallBackToDefaultCamera,
} from '../../lib/scanner'

/** The camera the engineer switched to last time, if any. */
export function readCameraChoice(): string | null {
  try {
    return parseCameraChoice(localStorage.getItem(CAMERA_CHOICE_KEY))
  } catch {
    return null
  }
}

/** Remembers the chosen camera (null forgets it: the rear camera again). */
export function rememberCamera(deviceId: string | null): void {
  try {
    if (deviceId === null) localStorage.removeItem(CAMERA_CHOICE_KEY)
    else localStorage.setItem(CAMERA_CHOICE_KEY, serializeCameraChoice(deviceId))
  } catch {
    // Storage blocked: the choice lasts until the scanner closes.
  }
}

/**
 * Opens the remembered camera, else the rear one. A remembered camera that is gone (another
 * phone, a detached webcam) is forgotten and the default tried once instead of failing.
 */
export async function openCamera(media: MediaDevices): Promise<MediaStream> {
  const remembered = readCameraChoice()
  try {
    return await media.getUserMedia(cameraConstraints(remembered))
  } catch (error) {
    if (!shouldFallBackToDefaultCamera(cameraErrorKind(error), remembered)) throw error
    rememberCamera(null)
    return media.getUserMedia(cameraConstraints(null))
  }
}

/** Releases the camera: every track stopped (the light goes off, other apps can use it). */
export function stopStream(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop()
}

/** The ids of the cameras the browser lists (labels and ids are filled in once access is granted). */
export async function cameraDeviceIds(media: MediaDevices): Promise<string[]> {
  try {
    return (await media.enumerateDevices())
      .filter((device) => device.kind === 'videoinput' && device.deviceId !== '')
      .map((device) => device.deviceId)
  } catch {
    return []
  }
}
