/**
 * Saves text as a file through a temporary link. A byte-order mark goes first so that
 * spreadsheet programs read the UTF-8 (Arabic metric statuses, French dates) correctly.
 */
export function downloadTextFile(fileName: string, text: string, type = 'text/csv'): void {
  const blob = new Blob(['\uFEFF', text], { type: `${type};charset=utf-8` })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has been handled: the browser has started reading the blob by then.
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, 0)
}
