/**
 * Runs `work` in a task of its own once the frame being prepared has been painted: what that
 * frame shows comes first, and the work does not hold it back. Without requestAnimationFrame
 * (jsdom), in the next task.
 */
export function afterNextPaint(work: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') {
    setTimeout(work, 0)
    return
  }
  requestAnimationFrame(() => {
    setTimeout(work, 0)
  })
}
