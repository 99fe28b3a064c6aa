import { X } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { controlClass, describedBy, type FieldIds } from '@/components/ui/field';
import { cx } from '@/lib/cx';

/** What a key pressed in the combobox's input does. */
export type ComboboxKeyAction =
  | { type: 'move'; active: number }
  | { type: 'choose'; index: number }
  | { type: 'close' }
  | { type: 'none' };

/**
 * The keyboard of an ARIA combobox, apart from React: the arrows move the active option round
 * the list (wrapping at both ends), Enter chooses the active option, Escape closes the list.
 * While the list is not shown only Escape does anything, so Enter still submits the form.
 */
export function comboboxKeyAction(
  key: string,
  list: { shown: boolean; active: number; count: number },
): ComboboxKeyAction {
  if (key === 'Escape') return { type: 'close' };
  if (!list.shown) return { type: 'none' };
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const step = key === 'ArrowDown' ? 1 : -1;
    const active = list.count ? (list.active + step + list.count) % list.count : 0;
    return { type: 'move', active };
  }
  if (key === 'Enter' && list.active >= 0 && list.active < list.count) {
    return { type: 'choose', index: list.active };
  }
  return { type: 'none' };
}

type ComboboxProps<O> = {
  /** The field's ids (from FieldShell's useFieldIds): the input takes the id and the descriptions. */
  ids: FieldIds;
  label: string;
  error?: string;
  hint?: ReactNode;
  /** The text in the input. */
  text: string;
  onTextChange: (text: string) => void;
  /** Typing or focusing opens the list; blur, Escape and a choice close it. */
  onOpenChange: (open: boolean) => void;
  /** Whether the suggestions (or the empty message) show: open, and something typed to look for. */
  listShown: boolean;
  options: readonly O[];
  optionKey: (option: O) => string;
  renderOption: (option: O) => ReactNode;
  onChoose: (option: O) => void;
  /** Called after the list closed on blur (a picker may settle what was typed). */
  onBlur?: () => void;
  /** Shown, and announced, when the list is open and holds nothing ("No names found."). */
  emptyText: string;
  /** Announced while options are listed (e.g. how many matched); nothing when absent. */
  announcement?: string;
  /** Extra classes of the list (its max height) and of each option (its layout). */
  listClassName: string;
  optionClassName?: string;
  inputClassName?: string;
  readOnly?: boolean;
  placeholder?: string;
  spellCheck?: boolean;
  /** Drawn over the input's right end (a tick, a Clear button). */
  children?: ReactNode;
};

/**
 * A search-as-you-type field (the ARIA 1.2 combobox pattern with a listbox popup): the input
 * keeps focus while aria-activedescendant names the active option; arrows, Enter, Escape and
 * the mouse choose. The picker owns what is searched and how an option reads.
 */
export function Combobox<O>({
  ids,
  label,
  error,
  hint,
  text,
  onTextChange,
  onOpenChange,
  listShown,
  options,
  optionKey,
  renderOption,
  onChoose,
  onBlur,
  emptyText,
  announcement,
  listClassName,
  optionClassName,
  inputClassName,
  readOnly,
  placeholder,
  spellCheck,
  children,
}: ComboboxProps<O>) {
  const listId = useId();
  const [active, setActive] = useState(0);
  const expanded = listShown && options.length > 0;
  const empty = listShown && options.length === 0;

  const choose = (index: number) => {
    const option = options[index];
    if (option === undefined) return;
    onChoose(option);
    onOpenChange(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = comboboxKeyAction(event.key, { shown: listShown, active, count: options.length });
    if (action.type === 'close') onOpenChange(false);
    else if (action.type === 'move') {
      event.preventDefault();
      setActive(action.active);
    } else if (action.type === 'choose') {
      event.preventDefault();
      choose(action.index);
    }
  };

  return (
    <div className="relative">
      <input
        id={ids.id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={spellCheck}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] !== undefined ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, error, hint)}
        readOnly={readOnly}
        placeholder={placeholder}
        className={controlClass(Boolean(error), cx('h-10', inputClassName))}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setActive(0);
          onOpenChange(true);
        }}
        onFocus={() => onOpenChange(true)}
        onBlur={() => {
          onOpenChange(false);
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      {children}
      {/*
       * The suggestions float over what follows: were they in the flow, closing them on blur
       * would move the button being clicked out from under the pointer (the click was lost).
       */}
      <div className="absolute top-full right-0 left-0 z-30 mt-1">
        <div
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className={cx(
            'overflow-y-auto rounded-lg border border-border bg-surface py-1 text-sm shadow-md',
            listClassName,
          )}
        >
          {options.map((option, index) => (
            <div
              key={optionKey(option)}
              tabIndex={-1}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={cx('cursor-pointer px-3 py-2', optionClassName, index === active && 'bg-primary-50')}
              // Chosen on mousedown, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(index);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {renderOption(option)}
            </div>
          ))}
        </div>
        {/*
         * One live region, there before its text changes (so screen readers speak each change):
         * the visible message while nothing is listed, else a hidden count (when given).
         */}
        <p
          role="status"
          aria-live="polite"
          className={
            empty
              ? 'rounded-lg border border-border bg-surface px-3 py-2 text-sm text-ink-muted shadow-md'
              : 'sr-only'
          }
        >
          {empty ? emptyText : listShown ? (announcement ?? '') : ''}
        </p>
      </div>
    </div>
  );
}

/** The Clear button a picker draws over its combobox's right end once a value is chosen. */
export function ComboboxClear({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <button
      type="button"
      className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-ink-muted hover:bg-primary-50 hover:text-ink"
      aria-label={`Clear ${label}`}
      onClick={onClear}
    >
      <X aria-hidden size={16} />
    </button>
  );
}
