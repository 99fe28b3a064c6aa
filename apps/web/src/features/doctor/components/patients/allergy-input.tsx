import { X } from 'lucide-react';
import { type KeyboardEvent, useId } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';

type AllergyInputProps = {
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** The allergy being typed, held by the form: it is saved with the form even if never Added. */
  text: string;
  onTextChange: (text: string) => void;
  error?: string;
};

/** The list with the typed allergy added (trimmed; a name already listed, in any case, is not repeated). */
export function withTypedAllergy(value: readonly string[], text: string): string[] {
  const allergy = text.trim();
  if (!allergy || value.some((a) => a.toLowerCase() === allergy.toLowerCase())) return [...value];
  return [...value, allergy];
}

/** Allergies as a list of short texts: type one and press Enter (or Add); each chip can be removed. */
export function AllergyInput({ value, onChange, text, onTextChange, error }: AllergyInputProps) {
  const id = useId();
  const add = () => {
    if (!text.trim()) return;
    onChange(withTypedAllergy(value, text));
    onTextChange('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink-soft">
        Allergies
      </label>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Recorded allergies">
          {value.map((allergy) => (
            <li
              key={allergy}
              className="inline-flex items-center gap-1 rounded-full bg-danger-50 py-0.5 pr-1 pl-2.5 text-sm text-danger-800 ring-1 ring-danger-700/20"
            >
              {allergy}
              <button
                type="button"
                onClick={() => onChange(value.filter((a) => a !== allergy))}
                className="rounded-full p-0.5 hover:bg-danger-100"
                aria-label={`Remove ${allergy}`}
              >
                <X aria-hidden size={14} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <input
          id={id}
          value={text}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={60}
          placeholder="e.g. Penicillin"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={controlClass(Boolean(error), 'h-10')}
        />
        <Button variant="secondary" onClick={add} disabled={!text.trim()}>
          Add
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          Medicines and foods; prescriptions are checked against them. A typed allergy is saved with the
          details.
        </p>
      )}
    </div>
  );
}
