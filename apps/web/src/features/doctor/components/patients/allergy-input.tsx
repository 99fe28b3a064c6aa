import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { controlClass } from '../../../../components/ui/field';

type AllergyInputProps = {
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
};

/** Allergies as a list of short texts: type one and press Enter (or Add); each chip can be removed. */
export function AllergyInput({ value, onChange, error }: AllergyInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    const allergy = text.trim();
    if (!allergy) return;
    if (!value.some((a) => a.toLowerCase() === allergy.toLowerCase())) onChange([...value, allergy]);
    setText('');
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
          onChange={(event) => setText(event.target.value)}
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
          Medicines and foods; prescriptions are checked against them.
        </p>
      )}
    </div>
  );
}
