import { Pencil } from 'lucide-react';
import { Button } from './button';

/** The Edit row action; `name` tells screen readers which row it edits. */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onClick}>
      <Pencil aria-hidden size={14} /> Edit<span className="sr-only"> {name}</span>
    </Button>
  );
}
