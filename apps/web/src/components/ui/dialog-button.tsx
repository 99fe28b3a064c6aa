import { Plus } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button, type ButtonVariant } from './button';

export type DialogComponentProps = { open: boolean; onOpenChange: (open: boolean) => void };

type DialogButtonProps = {
  label: string;
  dialog: ComponentType<DialogComponentProps>;
  variant?: ButtonVariant;
  disabled?: boolean;
};

/** A button that opens its dialog (e.g. "Add Doctor"); one component per dialog, reused across screens. */
export function DialogButton({
  label,
  dialog: DialogComponent,
  variant = 'primary',
  disabled,
}: DialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)} disabled={disabled}>
        <Plus aria-hidden size={16} /> {label}
      </Button>
      <DialogComponent open={open} onOpenChange={setOpen} />
    </>
  );
}
