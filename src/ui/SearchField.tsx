import {
  Fragment,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type SubmitEvent,
} from 'react'
import { Spinner } from './Spinner'
import styles from './SearchField.module.css'

/** One entry of the suggestion list: `label` is matched and highlighted, `detail` a second line. */
export type SearchSuggestion = {
  id: string
  label: string
  detail?: string
}

/** A piece of a suggestion's text, marked when it matches what was typed. */
export type HighlightPart = { text: string; match: boolean }

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Splits `text` around every case-insensitive occurrence of `query` (seeds 000 §2.2: matched text
 * is highlighted). An empty query marks nothing.
 */
export function highlightParts(text: string, query: string): HighlightPart[] {
  if (query === '') return text === '' ? [] : [{ text, match: false }]
  const parts: HighlightPart[] = []
  // A regular expression keeps indices right where lower-casing would change a string's length.
  const pattern = new RegExp(escapeRegExp(query), 'giu')
  let last = 0
  for (const found of text.matchAll(pattern)) {
    if (found.index > last) parts.push({ text: text.slice(last, found.index), match: false })
    parts.push({ text: found[0], match: true })
    last = found.index + found[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last), match: false })
  return parts
}

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        // Plain text nodes keep their spaces in the option's accessible name.
        part.match ? (
          <mark key={index}>{part.text}</mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}

export type SearchFieldProps = {
  /** The field's accessible name (visible unless `hideLabel`). */
  label: string
  hideLabel?: boolean
  value: string
  onValueChange: (value: string) => void
  /** A search of a non-empty term (trimmed when `trim`); an empty one does nothing. */
  onSearch: (term: string) => void
  /** Suggestions for what is typed; the list opens as the user types. */
  suggestions?: readonly SearchSuggestion[]
  onSuggestionSelect?: (suggestion: SearchSuggestion) => void
  /** The suggestion list's accessible name. */
  suggestionsLabel?: string
  /** Trim spaces off the term before searching (seeds 001 §5: the input optionally trims). */
  trim?: boolean
  placeholder?: string
  hint?: ReactNode
  /** Names of the buttons, translated by the caller because ui/ knows no catalog. */
  submitLabel: string
  clearLabel: string
  /** A search is running: the submit button shows a spinner. */
  busy?: boolean
  /** More controls after the submit button (e.g. a scanner button). */
  actions?: ReactNode
  /** For a bar: the submit button is an icon at every width. */
  compact?: boolean
  autoFocus?: boolean
  inputMode?: 'search' | 'text' | 'email' | 'numeric'
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  )
}

function ClearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="m6 6 12 12M18 6 6 18"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  )
}

/**
 * Seeds 000 §2.2 search field widget: a text input with a clear button and a submit button (icon
 * only under 767 px, always named), and a suggestion list in the ARIA combobox pattern: arrow keys
 * move, Enter selects, Escape closes (a second Escape clears), a click outside closes, and the typed
 * text is highlighted in each suggestion.
 */
export function SearchField({
  label,
  hideLabel = false,
  value,
  onValueChange,
  onSearch,
  suggestions = [],
  onSuggestionSelect,
  suggestionsLabel,
  trim = false,
  placeholder,
  hint,
  submitLabel,
  clearLabel,
  busy = false,
  actions,
  compact = false,
  autoFocus = false,
  inputMode = 'search',
}: SearchFieldProps) {
  const id = useId()
  const inputId = `${id}-input`
  const listId = `${id}-list`
  const hintId = `${id}-hint`
  const rootRef = useRef<HTMLFormElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  const expanded = open && suggestions.length > 0
  const activeIndex = expanded && active < suggestions.length ? active : -1
  const query = trim ? value.trim() : value

  useEffect(() => {
    if (!open) return
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target) === true) return
      setOpen(false)
      setActive(-1)
    }
    document.addEventListener('pointerdown', handlePointerDown)
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown)
    }
  }, [open])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }

  const select = (suggestion: SearchSuggestion) => {
    close()
    onSuggestionSelect?.(suggestion)
  }

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const term = trim ? value.trim() : value
    if (term.trim() === '') return
    if (term !== value) onValueChange(term)
    close()
    onSearch(term)
  }

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return
        event.preventDefault()
        setOpen(true)
        setActive(expanded ? (activeIndex + 1) % count : 0)
        return
      case 'ArrowUp':
        if (count === 0) return
        event.preventDefault()
        setOpen(true)
        setActive(!expanded || activeIndex <= 0 ? count - 1 : activeIndex - 1)
        return
      case 'Enter': {
        const chosen = activeIndex >= 0 ? suggestions[activeIndex] : undefined
        if (chosen) {
          event.preventDefault()
          select(chosen)
        }
        return
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault()
          close()
        } else if (value !== '') {
          event.preventDefault()
          onValueChange('')
        }
        return
      default:
        return
    }
  }

  const classes = [styles.root, compact ? styles.compact : ''].filter(Boolean).join(' ')

  return (
    <form
      ref={rootRef}
      role="search"
      className={classes}
      onSubmit={handleSubmit}
      aria-busy={busy || undefined}
    >
      <label htmlFor={inputId} className={hideLabel ? 'wb-visually-hidden' : styles.label}>
        {label}
      </label>
      {hint !== undefined ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      <div className={styles.row}>
        <div className={styles.box}>
          <input
            ref={inputRef}
            id={inputId}
            className={styles.input}
            type="text"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
            aria-describedby={hint !== undefined ? hintId : undefined}
            value={value}
            placeholder={placeholder}
            inputMode={inputMode}
            enterKeyHint="search"
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            autoFocus={autoFocus}
            onChange={(event) => {
              onValueChange(event.target.value)
              setOpen(true)
              setActive(-1)
            }}
            onKeyDown={handleKeyDown}
          />
          {value !== '' ? (
            <button
              type="button"
              className={styles.clear}
              aria-label={clearLabel}
              onClick={() => {
                onValueChange('')
                close()
                inputRef.current?.focus()
              }}
            >
              <ClearIcon />
            </button>
          ) : null}
          <ul
            id={listId}
            role="listbox"
            aria-label={suggestionsLabel ?? label}
            className={styles.list}
            hidden={!expanded}
          >
            {expanded
              ? suggestions.map((suggestion, index) => (
                  <li
                    key={suggestion.id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === activeIndex}
                    aria-labelledby={`${listId}-${index}-label`}
                    aria-describedby={
                      suggestion.detail !== undefined ? `${listId}-${index}-detail` : undefined
                    }
                    className={styles.option}
                    // Keep the focus in the input (the pattern's focus never leaves it).
                    onMouseDown={(event) => {
                      event.preventDefault()
                    }}
                    onClick={() => {
                      select(suggestion)
                    }}
                  >
                    <span id={`${listId}-${index}-label`} className={styles.optionLabel}>
                      <Highlighted text={suggestion.label} query={query} />
                    </span>
                    {suggestion.detail !== undefined ? (
                      <span id={`${listId}-${index}-detail`} className={styles.optionDetail}>
                        <Highlighted text={suggestion.detail} query={query} />
                      </span>
                    ) : null}
                  </li>
                ))
              : null}
          </ul>
        </div>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? <Spinner size="small" /> : <SearchIcon />}
          <span className={styles.submitText}>{submitLabel}</span>
        </button>
        {actions}
      </div>
    </form>
  )
}
